/** Python's `schema.check(rows, where=...)`: refuse rows the platform cannot store, before any request. */
import * as py from "@whileai/hash-embed/internal";
import { MESSAGE_EXAMPLES } from "./constants.js";

const SCHEMA_VERSION = "1";

function isNumber(v: unknown): boolean {
  // A bool is not a reward; JSON has no other non-number numeric type.
  return typeof v === "number" || typeof v === "bigint";
}

/** The problems of one row, in check order; empty when the row is valid. */
export function rowProblems(row: unknown): string[] {
  if (!py.isDict(row)) return ["not_a_dict"];
  if (Object.keys(row).length === 0) return ["empty_row"];
  if (!("schema_version" in row)) return [];
  // `str(v)` compared, so an int 1 counts as "1".
  const version = py.pyStr(row["schema_version"]);
  if (version !== SCHEMA_VERSION) return [`unknown_schema_version:${version}`];
  const problems: string[] = [];
  if ("prompt" in row && typeof row["prompt"] !== "string") problems.push("prompt_not_str");
  if ("steps" in row && !Array.isArray(row["steps"])) problems.push("steps_not_list");
  if ("final_text" in row && typeof row["final_text"] !== "string") problems.push("final_text_not_str");
  if ("reward" in row && !isNumber(row["reward"])) problems.push("reward_not_number");
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
