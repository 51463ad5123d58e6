/**
 * `_leak_flags` (traces.md §8.4): which generated rows copy a source, decided exactly as the
 * Python SDK does (same vectors, same strict nearest-neighbour scan, same exact-match rule, same
 * `>=` threshold). Synchronous for a synchronous embedder (the hash default), a Promise when
 * `embed` answers with one.
 */
import { HashEmbedder, hashVector, type Vector } from "@whileai/hash-embed";
import { z } from "zod";
import { TRACE_LEAK_EXAMPLES, TRACE_LEAK_THRESHOLD } from "../constants.js";
import { pyCollapse, pyFloatStrict, pyIntStrict, pyRound } from "../py/index.js";
import { parseOptions } from "../rows/options.js";
import { prepareVector, preparedCosine, type PreparedVector } from "./cosine.js";
import { HashSources } from "./hash-sources.js";
import { resolveEmbedder, type EmbedderSpec } from "./embedder.js";
import type { HttpEmbedderOptions } from "./http.js";
import { promptOf } from "./prompt-of.js";
import { isThenable } from "./thenable.js";
import { leakSources } from "./sources.js";

export interface LeakageOptions {
  /** Flag a row whose best cosine is `>= min(threshold, 1.0)`; default 0.9 (`TRACE_LEAK_THRESHOLD`). */
  threshold?: number | string | boolean;
  /** `"hash"` (default), `"openai:<model>"`, `"ollama:<model>"`, an object with `embed`, or a function. */
  embedder?: EmbedderSpec;
  /** At most this many `leaky` examples in the report; default 20 (`TRACE_LEAK_EXAMPLES`). */
  examples?: number | string | boolean;
  /** Base URL, API key, timeout or `fetch` for the `openai:` / `ollama:` embedders. */
  embedderOptions?: HttpEmbedderOptions;
}

/** One flagged row: its index, the index of its nearest source, and `round(similarity, 4)`. */
export interface LeakExample {
  row: number;
  source: number;
  similarity: number;
}

/** The leakage report, keys in Python's order. */
export interface LeakageReport {
  n: number;
  n_sources: number;
  threshold: number;
  n_leaky: number;
  max_similarity: number;
  leaky: LeakExample[];
}

export const LeakageOptionsSchema = z.strictObject({
  threshold: z.unknown().optional(),
  embedder: z.unknown().optional(),
  examples: z.unknown().optional(),
  embedderOptions: z
    .strictObject({
      baseUrl: z.string().optional(),
      apiKey: z.string().optional(),
      timeoutMs: z.number().positive().optional(),
      retryDelayMs: z.number().nonnegative().optional(),
      fetch: z.function().optional(),
    })
    .optional(),
});

/** `min(a, b)` / `max(a, b)` with Python's argument order (NaN handling follows it too). */
const pyMin = (a: number, b: number) => (b < a ? b : a);
const pyMax = (a: number, b: number) => (b > a ? b : a);

type MaybePromise<T> = T | Promise<T>;

/** `_leak_flags(generated, sources, ...)`: one flag per generated item, and the report. */
export function leakFlags(
  generated: readonly unknown[],
  sources: unknown,
  options: LeakageOptions | undefined,
  fn: string,
): MaybePromise<[boolean[], LeakageReport]> {
  const opts = parseOptions(LeakageOptionsSchema, options, fn);
  const genTexts = generated.map(promptOf);
  const srcTexts = leakSources(sources).map(promptOf).filter((t) => t !== "");
  const threshold = opts.threshold === undefined ? TRACE_LEAK_THRESHOLD : pyFloatStrict(opts.threshold);
  const flags = new Array<boolean>(genTexts.length).fill(false);
  const report: LeakageReport = { n: genTexts.length, n_sources: srcTexts.length, threshold, n_leaky: 0, max_similarity: 0.0, leaky: [] };
  // Python returns before resolving the embedder, so a bad embedder name passes on empty input.
  if (genTexts.length === 0 || srcTexts.length === 0) return [flags, report];

  const embedder = resolveEmbedder(opts.embedder as EmbedderSpec, opts.embedderOptions as HttpEmbedderOptions | undefined);
  const scan = new Scan(genTexts, srcTexts, threshold, opts.examples === undefined ? TRACE_LEAK_EXAMPLES : opts.examples, flags, report);
  if (embedder instanceof HashEmbedder) {
    scan.runHash();
    return [flags, report];
  }
  const genInput = genTexts.map((t) => (t !== "" ? t : " "));
  const finish = (srcVecs: readonly Vector[], genVecs: readonly Vector[]): [boolean[], LeakageReport] => {
    scan.run(srcVecs, genVecs);
    return [flags, report];
  };
  // Sources first, then generated, one embed call each, as in Python.
  const srcVecs = embedder.embed(srcTexts);
  if (isThenable<readonly Vector[]>(srcVecs)) {
    return Promise.resolve(srcVecs).then(async (src) => finish(src, await embedder.embed(genInput)));
  }
  const genVecs = embedder.embed(genInput);
  return isThenable<readonly Vector[]>(genVecs) ? Promise.resolve(genVecs).then((gen) => finish(srcVecs, gen)) : finish(srcVecs, genVecs);
}

class Scan {
  private readonly srcNorm: Set<string>;
  private readonly limit: number;
  private examplesCap: number | null = null;

  constructor(
    private readonly genTexts: string[],
    private readonly srcTexts: string[],
    threshold: number,
    private readonly examples: unknown,
    private readonly flags: boolean[],
    private readonly report: LeakageReport,
  ) {
    this.srcNorm = new Set(srcTexts.map(pyCollapse));
    this.limit = pyMin(threshold, 1.0);
  }

  /** The loop of `_leak_flags` over embedded vectors from any embedder. */
  run(srcVecs: Iterable<Vector>, genAnswer: Iterable<Vector>): void {
    const genVecs = Array.from(genAnswer);
    // Python indexes gen_texts[i] for every vector the embedder returned (fewer is not an error).
    if (genVecs.length > this.genTexts.length) {
      throw new Error(`embedder returned ${genVecs.length} vectors for ${this.genTexts.length} texts`);
    }
    const sources = Array.from(srcVecs, prepareVector);
    for (let i = 0; i < genVecs.length; i++) {
      const [best, bestJ] = nearest(prepareVector(genVecs[i]), sources);
      this.decide(i, best, bestJ);
    }
  }

  /**
   * The same loop for the hash embedder, which is pure: each distinct source text is embedded
   * once, and a repeated generated text has the same nearest source, so it is scanned once.
   */
  runHash(): void {
    const sources = new HashSources(this.srcTexts);
    const seen = new Map<string, [number, number]>();
    for (let i = 0; i < this.genTexts.length; i++) {
      const text = this.genTexts[i];
      let hit = seen.get(text);
      if (hit === undefined) {
        hit = sources.nearest(hashVector(text !== "" ? text : " "));
        seen.set(text, hit);
      }
      this.decide(i, hit[0], hit[1]);
    }
  }

  private decide(i: number, cosineBest: number, bestJ: number): void {
    let best = cosineBest;
    // Exact match, ignoring case and whitespace only; the nearest-cosine index is kept.
    if (this.srcNorm.has(pyCollapse(this.genTexts[i]))) best = 1.0;
    const report = this.report;
    report.max_similarity = pyMin(1.0, pyMax(report.max_similarity, best));
    if (best >= this.limit) {
      this.flags[i] = true;
      report.n_leaky += 1;
      this.examplesCap ??= pyIntStrict(this.examples);
      if (report.leaky.length < this.examplesCap) report.leaky.push({ row: i, source: bestJ, similarity: pyRound(best, 4) });
    }
  }
}

/** Best cosine and its source index: strict `>` from 0.0, so ties keep the lowest index and sims <= 0 never win. */
function nearest(v: PreparedVector, sources: readonly PreparedVector[]): [number, number] {
  let best = 0.0;
  let bestJ = -1;
  if (v.norm === 0) return [best, bestJ];
  for (let k = 0; k < sources.length; k++) {
    const sim = preparedCosine(v, sources[k]);
    if (sim > best) {
      best = sim;
      bestJ = k;
    }
  }
  return [best, bestJ];
}
