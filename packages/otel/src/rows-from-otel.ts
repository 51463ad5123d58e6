/**
 * `rows_from_otel(source, *, reward_keys=REWARD_KEYS)`: OpenTelemetry GenAI spans into
 * trajectory rows, one per conversation, answering as the Python SDK does (§5), and reading
 * the conventions the Python SDK drops on top (BEYOND.md, "Reading OpenTelemetry").
 */
import * as py from "@whileai/hash-embed/internal";
import { assembleRow, type OtelRow } from "./assemble.js";
import { REWARD_KEYS } from "./constants.js";
import { groupSpans } from "./group.js";

export interface RowsFromOtelOptions {
  /** Attributes holding the reward, first present wins (default `["whileai.reward"]`). */
  rewardKeys?: Iterable<string>;
}

/**
 * `source`: an OTLP/JSON export (`{resourceSpans}`), a platform-gate dump (`{spans}`) or a list
 * of span objects. Rows come out in the order each conversation first appears.
 *
 * Throws only where Python raises: `Error("invalid literal for int() with base 10: ...")`
 * (ValueError) for a start time that is a non-integer string, `Error("cannot convert float NaN
 * to integer")` for a NaN start, and `RangeError("cannot convert float infinity to integer")`
 * (OverflowError) for an infinite start or token count. A non-iterable `rewardKeys` is a
 * TypeError, as in Python.
 */
export function rowsFromOtel(source: unknown, options: RowsFromOtelOptions = {}): OtelRow[] {
  const rewardKeys = options.rewardKeys === undefined ? REWARD_KEYS : rewardKeyList(options.rewardKeys);
  const rows: OtelRow[] = [];
  for (const [key, entries] of groupSpans(source)) {
    const row = assembleRow(key, entries, rewardKeys);
    if (row) rows.push(row);
  }
  return rows;
}

/**
 * `_first(attrs, reward_keys)` walks any iterable, as Python does (a string walks its
 * characters). Attribute names are strings, so a key of another type can never match.
 */
function rewardKeyList(keys: unknown): string[] {
  return Array.from(py.pyIter(keys)).filter((key): key is string => typeof key === "string");
}
