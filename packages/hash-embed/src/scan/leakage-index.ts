/**
 * The held-out side of a leakage scan, embedded once: each non-empty source prompt as bucket
 * counts in the kernels' compact layout, plus the texts the exact-copy rule needs.
 * Sources are indexed as Python indexes them: in order, counting only non-empty prompts.
 */
import { ByteSpace } from "./byte-space.js";
import { ExactCopies } from "./exact-copies.js";
import { createKernel, resolveKernel, type KernelChoice, type ScreenKernel } from "./kernel.js";
import { sourceBase, WORK_BASE, WORK } from "./layout.js";
import { NearestFinder, type NearestSink } from "./nearest.js";
import { SourceStore, type SourceLayout } from "./source-store.js";
import { createEmbedder, type TextCounts } from "./text-counts.js";

/**
 * This thread's embedder, kept warm from scan to scan (as each worker thread keeps its own): its
 * token caches make a repeat of earlier words cost no BLAKE2b, and only caches are kept, never
 * answers. Scans on one thread take turns with it: every embed is used before the next one.
 */
let threadEmbedder: TextCounts | null = null;
const warmEmbedder = (): TextCounts => (threadEmbedder ??= createEmbedder());

export interface LeakageIndexOptions {
  kernel?: KernelChoice;
  /** Work areas to reserve, one per thread that will scan (default 1). */
  workers?: number;
  /** Text -> counts (default: this thread's warm embedder); tests swap in embedders that produce chosen count vectors. */
  embedder?: () => TextCounts;
}

export class LeakageIndex {
  readonly kernel: "wasm" | "ts";
  readonly workers: number;
  readonly space: ByteSpace;
  /** The sources' texts, for the exact-copy rule. */
  readonly copies = new ExactCopies();
  private readonly store: SourceStore;
  private readonly makeEmbedder: () => TextCounts;
  private readonly embedder: TextCounts;
  private finder: NearestFinder | null = null;
  private sealed: SourceLayout | null = null;

  constructor(options: LeakageIndexOptions = {}) {
    this.kernel = resolveKernel(options.kernel ?? "auto");
    this.workers = options.workers ?? 1;
    const base = sourceBase(this.workers);
    // Threads share the memory; the TS kernel on one thread needs no WebAssembly at all.
    const shared = this.workers > 1;
    this.space = new ByteSpace(base, { shared });
    this.store = new SourceStore(this.space, base);
    this.makeEmbedder = options.embedder ?? warmEmbedder;
    this.embedder = this.makeEmbedder();
  }

  /** Sources seen so far (non-empty prompts): Python's `n_sources`. */
  get count(): number {
    return this.store.count;
  }

  /** Adds one source prompt (already `_prompt_of`-ed); an empty one is not a source. */
  add(text: string): void {
    if (this.sealed !== null) throw new Error("sources cannot be added once the scan has started");
    if (text === "") return;
    this.embedder.embed(text);
    this.copies.add(text, this.embedder.copyKey);
    this.store.add(this.embedder);
  }

  /** Ends the source list: what a worker needs to scan these sources. */
  layout(): SourceLayout {
    if (this.sealed === null) {
      this.store.seal();
      this.sealed = this.store.layout();
    }
    return this.sealed;
  }

  /** The scan is over and every thread is done with the index: its memory may serve the next scan. */
  release(): void {
    this.finder = null;
    this.space.release();
  }

  /** The nearest source of each text, on this thread (work area 0). */
  nearest(texts: readonly string[], out: NearestSink): void {
    this.finder ??= new NearestFinder(this.space, WORK_BASE, this.layout(), createKernel(this.kernel, this.space), this.makeEmbedder());
    this.finder.find(texts, out);
  }
}

/** A finder over an index's memory seen from a worker thread, using work area `slot` (and the worker's embedder, warm from earlier scans). */
export function workerFinder(space: ByteSpace, layout: SourceLayout, kernel: ScreenKernel, slot: number, embedder: TextCounts = createEmbedder()): NearestFinder {
  return new NearestFinder(space, WORK_BASE + slot * WORK.bytes, layout, kernel, embedder);
}
