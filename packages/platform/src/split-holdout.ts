import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import * as py from "@whileai/hash-embed/internal";
import { HOLDOUT_BUCKET_HEX_CHARS } from "./constants.js";

const encoder = new TextEncoder();
const BUCKETS = 16 ** HOLDOUT_BUCKET_HEX_CHARS - 1;

/** `scenario_id`, else `task_id`, else `prompt`, as text: every row of one task shares it. */
function taskKey(row: unknown): string {
  // Python's `r.get` raises on a non-dict row; we give it the empty key so it still lands on one side.
  if (!py.isDict(row)) return "";
  return py.pyStr(py.or(py.or(py.or(py.get(row, "scenario_id"), py.get(row, "task_id")), py.get(row, "prompt")), ""));
}

/** Where a task falls in [0, 1]: the leading hex digits of its key's sha256. */
function bucket(key: string): number {
  // Python's `key.encode()` raises on a lone surrogate; TextEncoder writes U+FFFD instead, so such a key still gets a bucket.
  const hex = bytesToHex(sha256(encoder.encode(key))).slice(0, HOLDOUT_BUCKET_HEX_CHARS);
  return Number.parseInt(hex, 16) / BUCKETS;
}

/** `fraction` as Python compares it in `0 < fraction < 1`, or Python's TypeError where it cannot. */
function asFraction(fraction: unknown): number {
  if (typeof fraction === "number") return fraction;
  if (typeof fraction === "boolean") return fraction ? 1 : 0;
  if (typeof fraction === "bigint") return Number(fraction);
  throw new TypeError(`splitHoldout: fraction must be a number, got ${fraction === null ? "null" : Array.isArray(fraction) ? "array" : typeof fraction}`);
}

/**
 * Python's `split_holdout(rows, fraction)`: `[train, holdout]`. A falsy fraction keeps every
 * row in train. Otherwise each task (by `scenario_id`, `task_id` or `prompt`) goes to the
 * holdout when its sha256 bucket is below `fraction`, so a task is never split across both
 * and the same rows always split the same way. Input order is kept on each side.
 */
export function splitHoldout<T>(rows: readonly T[], fraction: number | null | undefined): [T[], T[]] {
  if (!py.truthy(fraction)) return [Array.from(rows), []];
  const f = asFraction(fraction);
  // NaN fails both comparisons, as in Python.
  if (!(0 < f && f < 1)) throw new Error("holdout must be a fraction between 0 and 1");
  const train: T[] = [];
  const holdout: T[] = [];
  // Rollouts of one task share a key: hash each key once.
  const buckets = new Map<string, number>();
  for (const row of rows) {
    const key = taskKey(row);
    let b = buckets.get(key);
    if (b === undefined) buckets.set(key, (b = bucket(key)));
    (b < f ? holdout : train).push(row);
  }
  if (train.length === 0) throw new Error("holdout fraction leaves no training rows");
  return [train, holdout];
}
