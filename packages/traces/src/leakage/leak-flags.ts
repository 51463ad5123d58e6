/**
 * `_leak_flags` (traces.md §8.4): which generated rows copy a source, decided exactly as the
 * Python SDK does (same vectors, same strict nearest-neighbour scan, same exact-match rule, same
 * `>=` threshold). Synchronous for a synchronous embedder (the hash default), a Promise when
 * `embed` answers with one.
 */
import { HashEmbedder, LeakageIndex, LeakageTally, type KernelChoice, type LeakageReport, type Vector } from "@whileai/hash-embed";
import * as z from "zod/mini";
import { TRACE_LEAK_EXAMPLES, TRACE_LEAK_THRESHOLD } from "../constants.js";
import { pyCollapse, pyFloatStrict, pyInt } from "@whileai/hash-embed/internal";
import { parseOptions } from "../rows/options.js";
import { prepareVector, preparedCosine, type PreparedVector } from "./cosine.js";
import { resolveEmbedder, type EmbedderSpec } from "./embedder.js";
import { promptOf } from "./prompt-of.js";
import { isThenable } from "./thenable.js";
import { leakSources } from "./sources.js";

export type { LeakageReport, LeakExample } from "@whileai/hash-embed";

export interface LeakageOptions {
  /** Flag a row whose best cosine is `>= min(threshold, 1.0)`; default 0.9 (`TRACE_LEAK_THRESHOLD`). */
  threshold?: number | string | boolean;
  /** `"hash"` (default), an object with `embed` (such as the HTTP embedders of `@whileai/traces/embedders`), or a function. */
  embedder?: EmbedderSpec;
  /** At most this many `leaky` examples in the report; default 20 (`TRACE_LEAK_EXAMPLES`). */
  examples?: number | string | boolean;
  /** The hash scan's kernel: "auto" (default, WebAssembly SIMD where available), "wasm" or "ts". */
  kernel?: KernelChoice;
}

export const LeakageOptionsSchema = z.strictObject({
  threshold: z.optional(z.unknown()),
  embedder: z.optional(z.unknown()),
  examples: z.optional(z.unknown()),
  kernel: z.optional(z.enum(["auto", "wasm", "ts"])),
});

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
  const empty: LeakageReport = { n: genTexts.length, n_sources: srcTexts.length, threshold, n_leaky: 0, max_similarity: 0.0, leaky: [] };
  // Python returns before resolving the embedder, so a bad embedder name passes on empty input.
  if (genTexts.length === 0 || srcTexts.length === 0) return [flags, empty];

  const embedder = resolveEmbedder(opts.embedder as EmbedderSpec);
  // Python compares `len(leaky) < examples` only once a row is flagged: a bad value fails then.
  const examples = opts.examples === undefined ? TRACE_LEAK_EXAMPLES : () => pyInt(opts.examples);
  // `copies` knows the sources' collapsed texts, for the exact-copy rule: the hash scan's index keeps them already.
  const judge = (copies: { has(collapsed: string): boolean }, best: Float64Array | number[], source: Int32Array | number[], count: number): [boolean[], LeakageReport] => {
    const tally = new LeakageTally(threshold, examples, srcTexts.length, copies);
    for (let i = 0; i < count; i++) flags[i] = tally.add(i, tally.similarity(genTexts[i], best[i]), source[i]);
    // Rows the embedder returned no vector for are counted, never judged (Python's n is len(generated)).
    tally.report.n = genTexts.length;
    return [flags, tally.report];
  };
  if (embedder instanceof HashEmbedder) {
    const index = new LeakageIndex({ kernel: opts.kernel });
    for (const text of srcTexts) index.add(text);
    const out = { best: new Float64Array(genTexts.length), source: new Int32Array(genTexts.length) };
    index.nearest(genTexts, out);
    return judge(index.copies, out.best, out.source, genTexts.length);
  }
  const genInput = genTexts.map((t) => (t !== "" ? t : " "));
  const finish = (srcVecs: readonly Vector[], genAnswer: readonly Vector[]): [boolean[], LeakageReport] => {
    const genVecs = Array.from(genAnswer);
    // Python indexes gen_texts[i] for every vector the embedder returned (fewer is not an error).
    if (genVecs.length > genTexts.length) throw new Error(`embedder returned ${genVecs.length} vectors for ${genTexts.length} texts`);
    const sources = Array.from(srcVecs, prepareVector);
    const best: number[] = [];
    const source: number[] = [];
    for (const v of genVecs) {
      const [b, j] = nearest(prepareVector(v), sources);
      best.push(b);
      source.push(j);
    }
    return judge(new Set(srcTexts.map(pyCollapse)), best, source, genVecs.length);
  };
  // Sources first, then generated, one embed call each, as in Python.
  const srcVecs = embedder.embed(srcTexts);
  if (isThenable<readonly Vector[]>(srcVecs)) {
    return Promise.resolve(srcVecs).then(async (src) => finish(src, await embedder.embed(genInput)));
  }
  const genVecs = embedder.embed(genInput);
  return isThenable<readonly Vector[]>(genVecs) ? Promise.resolve(genVecs).then((gen) => finish(srcVecs, gen)) : finish(srcVecs, genVecs);
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
