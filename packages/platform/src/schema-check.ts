/**
 * Python's `schema.validate(row)` and `schema.check(rows, where=...)` (kind "row"): refuse rows
 * the platform cannot store, before any request. The checks and their order are the SDK's: a
 * row that is no dict or is empty, an unknown `schema_version`; then, only for a row stamped
 * "1", the field types and its `calibration`. An unstamped row (version "0") is any non-empty dict.
 */
import * as py from "@whileai/hash-embed/internal";
import { MESSAGE_EXAMPLES } from "./constants.js";

const KNOWN_VERSIONS = new Set(["0", "1"]);

/** `version_of(row)`: "0" when unstamped (absent or None), else `str()` of the stamp, so an int 1 reads "1". */
function versionOf(row: py.Dict): string {
  const value = py.get(row, "schema_version");
  return value === null ? "0" : py.pyStr(value);
}

/** `float(str(value).strip())`, or null where it raises ValueError. */
function floatOfText(value: unknown): number | null {
  return py.parsePyFloat(py.pyStrip(py.pyStr(value)));
}

/** `schema._number(value)` as far as the check reads it: a number, or null; bools count as 0/1. */
function numberOf(value: unknown): number | null {
  if (value === null) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  return floatOfText(value);
}

/**
 * `schema._int(value, default=0)`: text that `float()` cannot read and NaN give 0 (their
 * ValueError is caught); an infinity raises OverflowError (a RangeError), which Python does not catch.
 */
function intOf(value: unknown): number {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (py.isPyInt(value)) return Number(value);
  const f = floatOfText(value);
  if (f === null || Number.isNaN(f)) return 0;
  return py.pyInt(f);
}

/** `calibration_of(row) is not None`: a dict with `pass_rate` a number in 0–1 and `n` at least 1. */
function calibrationReads(row: py.Dict): boolean {
  const raw = py.get(row, "calibration");
  if (!py.isDict(raw)) return false;
  const passRate = numberOf(py.get(raw, "pass_rate"));
  const n = intOf(py.get(raw, "n"));
  // NaN fails both comparisons, as `not 0.0 <= nan <= 1.0` does.
  return passRate !== null && passRate >= 0 && passRate <= 1 && n >= 1;
}

/** `row.get(key, "")` and the like: an absent key takes the default, a present None is None. */
function field(row: py.Dict, key: string): unknown {
  return py.has(row, key) ? py.get(row, key) : undefined;
}

/** The problems of one row, in the SDK's check order; empty when the row is valid. */
export function rowProblems(row: unknown): string[] {
  if (!py.isDict(row)) return ["not_a_dict"];
  if (!py.truthy(row)) return ["empty_row"];
  const version = versionOf(row);
  if (!KNOWN_VERSIONS.has(version)) return [`unknown_schema_version:${version}`];
  if (version === "0") return [];
  const problems: string[] = [];
  const prompt = field(row, "prompt");
  if (prompt !== undefined && typeof prompt !== "string") problems.push("prompt_not_str");
  const steps = field(row, "steps");
  if (steps !== undefined && !Array.isArray(steps)) problems.push("steps_not_list");
  const finalText = field(row, "final_text");
  if (finalText !== undefined && typeof finalText !== "string") problems.push("final_text_not_str");
  // A bool is an int to Python's isinstance, so it is asked about first.
  const reward = py.get(row, "reward");
  if (typeof reward === "boolean") problems.push("reward_is_bool");
  else if (reward !== null && typeof reward !== "number" && typeof reward !== "bigint") problems.push("reward_not_number");
  if (py.get(row, "calibration") !== null && !calibrationReads(row)) problems.push("calibration_invalid");
  return problems;
}

/** Throws `schema_invalid in <where>: <i>:<problem,…>; …` naming at most five bad rows. */
export function schemaCheck(rows: readonly unknown[], where: string): void {
  const bad: string[] = [];
  for (let i = 0; i < rows.length && bad.length < MESSAGE_EXAMPLES; i++) {
    const problems = rowProblems(rows[i]);
    if (problems.length) bad.push(`${i}:${problems.join(",")}`);
  }
  if (bad.length) throw new Error(`schema_invalid in ${where}: ${bad.join("; ")}`);
}
