/**
 * `mergeLeakageReports(parts)`: the reports of every shard of one scan combined into exactly
 * the report the whole scan gives. Shards interleave rows (row % count), so counts add up, the
 * maximum is the maximum of maxima, and the first `examples` flagged rows overall are among the
 * first `examples` of some shard: sort the shards' examples by row and keep that many.
 */
import type { ShardReport } from "./result.js";
import type { LeakageReport } from "./tally.js";

export function mergeLeakageReports(parts: readonly ShardReport[]): LeakageReport {
  if (!Array.isArray(parts) || parts.length === 0) throw new TypeError("mergeLeakageReports: expected a non-empty array of shard reports");
  parts.forEach((part, i) => {
    if (part === null || typeof part !== "object" || typeof part.shard !== "object" || part.shard === null) {
      throw new TypeError(`mergeLeakageReports: part ${i} is not a shard report (scan with the shard option)`);
    }
  });
  const { count, examples } = parts[0].shard;
  const seen = new Set<number>();
  for (const [i, part] of parts.entries()) {
    const where = `mergeLeakageReports: part ${i} (shard ${part.shard.index} of ${part.shard.count})`;
    if (part.shard.count !== count) throw new Error(`${where} is from a scan cut into ${part.shard.count} shards, part 0 from ${count}`);
    if (part.shard.examples !== examples) throw new Error(`${where} was scanned keeping ${part.shard.examples} examples, part 0 keeping ${examples}`);
    if (part.n_sources !== parts[0].n_sources || !Object.is(part.threshold, parts[0].threshold)) {
      throw new Error(`${where} scanned other sources or another threshold (n_sources ${part.n_sources}, threshold ${part.threshold}; part 0: ${parts[0].n_sources}, ${parts[0].threshold})`);
    }
    if (seen.has(part.shard.index)) throw new Error(`${where} repeats shard ${part.shard.index}`);
    seen.add(part.shard.index);
  }
  const missing = Array.from({ length: count }, (_, k) => k).filter((k) => !seen.has(k));
  if (missing.length > 0) throw new Error(`mergeLeakageReports: shards ${missing.join(", ")} of ${count} are missing`);

  const ordered = [...parts].sort((a, b) => a.shard.index - b.shard.index);
  let max = 0.0;
  for (const part of ordered) max = Math.max(max, part.max_similarity);
  return {
    n: ordered.reduce((sum, p) => sum + p.n, 0),
    n_sources: parts[0].n_sources,
    threshold: parts[0].threshold,
    n_leaky: ordered.reduce((sum, p) => sum + p.n_leaky, 0),
    max_similarity: max,
    leaky: ordered
      .flatMap((p) => p.leaky)
      .sort((a, b) => a.row - b.row)
      .slice(0, examples),
  };
}
