/**
 * `scanLeakage`: which generated prompts are near copies of held-out sources, exactly as the
 * Python SDK decides, at WebAssembly SIMD speed. This entry scans on the calling thread,
 * yielding between chunks; `@whileai/hash-embed/node` adds worker threads.
 */
import { checkPromptInput, knownLength, promptBatches, promptsOfSync } from "./inputs.js";
import { resolveOptions, type ScanLeakageOptions } from "./options.js";
import type { LeakageScan } from "./result.js";
import { ScanSession, sinkFor, type Chunk } from "./session.js";
import type { EmbeddedRows } from "./embedded-rows.js";
import type { NearestSink } from "./nearest.js";

/** Finds nearest sources for chunks, on this thread or on workers; results in chunk order. */
export interface ChunkRunner {
  readonly threads: number;
  /** Chunks that may be in flight at once. */
  readonly depth: number;
  /** Generated rows it may embed before `begin` (0: none), on threads the sources leave free. */
  readonly ahead: number;
  /** Embeds a chunk's prompts ahead of the scan (a runner with `ahead` > 0). */
  embed?(texts: string[]): Promise<EmbeddedRows>;
  /** The sources are all added: chunks can be scanned. */
  begin(): void;
  run(chunk: Chunk): Promise<NearestSink>;
  close(): Promise<void>;
}

export type RunnerFactory = (session: ScanSession) => ChunkRunner;

/** A macrotask turn, so timers, I/O and abort events get to run between chunks. */
const yieldToHost = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The scan on this thread. */
export const inThreadRunner: RunnerFactory = (session) => ({
  threads: 1,
  depth: 1,
  ahead: 0,
  begin() {},
  async run(chunk) {
    await yieldToHost();
    const sink = sinkFor(chunk.texts.length);
    session.index.nearest(chunk.texts, sink);
    return sink;
  },
  async close() {},
});

/** The scan with a given runner: the body of both entries' `scanLeakage`. */
export async function runScan(generated: unknown, sources: unknown, options: ScanLeakageOptions | undefined, runner: RunnerFactory, workers: number): Promise<LeakageScan> {
  const opts = resolveOptions(options, "scanLeakage");
  checkPromptInput(generated, "generated");
  checkPromptInput(sources, "sources");
  const session = new ScanSession(opts, knownLength(generated), workers, knownLength(sources));
  const generatedBatches = promptBatches(generated, "generated")[Symbol.asyncIterator]();
  const pool = runner(session);
  const inFlight: [Chunk, Promise<NearestSink>][] = [];
  const settle = async () => {
    const [chunk, result] = inFlight.shift() as [Chunk, Promise<NearestSink>];
    session.apply(chunk, await result);
    session.throwIfAborted();
  };
  const send = async (chunk: Chunk) => {
    inFlight.push([chunk, pool.run(chunk)]);
    // At most `depth` chunks in flight; results are judged in chunk order, so the report is
    // the one-thread report whatever the thread count.
    while (inFlight.length >= pool.depth) await settle();
  };
  /** The next batch of generated prompts, null when there are no more. */
  const nextBatch = async (): Promise<string[] | null> => {
    const next = await generatedBatches.next();
    return next.done === true ? null : next.value;
  };
  // Rows of an array are taken first when the runner can embed them on other threads while
  // this one embeds the sources; they are scanned once the sources are sealed. Any other input
  // is read after the sources, as it always was.
  const early: Chunk[] = [];
  const embedAhead = (chunk: Chunk | null) => {
    if (chunk !== null) early.push({ ...chunk, embedded: pool.embed?.(chunk.texts) });
  };
  try {
    if (pool.ahead > 0 && Array.isArray(generated) && session.chunking) {
      while (session.rowsTaken < pool.ahead) {
        const texts = await nextBatch();
        if (texts === null) {
          // Every row was taken: the last, partial chunk is embedded ahead too.
          embedAhead(session.flush());
          break;
        }
        for (const text of texts) embedAhead(session.push(text));
      }
    }
    for await (const texts of promptBatches(sources, "sources")) {
      for (const text of texts) {
        session.index.add(text);
        if ((session.index.count & 0xffff) === 0) session.throwIfAborted();
      }
    }
    session.throwIfAborted();
    session.beginGenerated();
    pool.begin();
    for (const chunk of early) await send(chunk);
    for (;;) {
      const texts = await nextBatch();
      if (texts === null) break;
      for (const text of texts) {
        // Only a full chunk is awaited: an await an item would cost more than a small scan's kernel.
        const chunk = session.push(text);
        if (chunk !== null) await send(chunk);
      }
    }
    const last = session.flush();
    if (last !== null) await send(last);
    while (inFlight.length > 0) await settle();
  } finally {
    // Rejections of chunks abandoned by an abort are not errors of their own.
    for (const [, result] of inFlight) result.catch(() => undefined);
    for (const chunk of early) chunk.embedded?.catch(() => undefined);
    await pool.close();
  }
  // Every chunk was answered and the workers were told the scan ended (an error skips this).
  session.index.release();
  return session.finish(pool.threads);
}

/**
 * Scans `generated` prompts (strings or rows; arrays, iterables or async iterables) against
 * `sources` and resolves with the Python `leakage_report` report plus each row's flag, nearest
 * source and similarity. On this entry `threads` must be 1 (use `@whileai/hash-embed/node`).
 */
export function scanLeakage(generated: unknown, sources: unknown, options?: ScanLeakageOptions): Promise<LeakageScan> {
  try {
    if (resolveOptions(options, "scanLeakage").threads > 1) {
      throw new TypeError("scanLeakage: threads > 1 needs worker threads: import scanLeakage from @whileai/hash-embed/node");
    }
    return runScan(generated, sources, options, inThreadRunner, 1);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** `scanLeakage` on this thread, synchronously, for arrays and iterables (no `threads`, `signal` is checked between chunks). */
export function scanLeakageSync(generated: unknown, sources: unknown, options?: Omit<ScanLeakageOptions, "threads">): LeakageScan {
  const opts = resolveOptions(options, "scanLeakageSync");
  if (opts.threads > 1) throw new TypeError("scanLeakageSync: threads > 1 needs scanLeakage from @whileai/hash-embed/node");
  checkPromptInput(generated, "generated");
  checkPromptInput(sources, "sources");
  const session = new ScanSession(opts, knownLength(generated), 1);
  for (const text of promptsOfSync(sources, "sources")) session.index.add(text);
  session.throwIfAborted();
  session.beginGenerated();
  const run = (chunk: Chunk | null) => {
    if (chunk === null) return;
    const sink = sinkFor(chunk.texts.length);
    session.index.nearest(chunk.texts, sink);
    session.apply(chunk, sink);
    session.throwIfAborted();
  };
  for (const text of promptsOfSync(generated, "generated")) run(session.push(text));
  run(session.flush());
  session.index.release();
  return session.finish(1);
}
