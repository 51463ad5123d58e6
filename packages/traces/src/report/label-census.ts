/**
 * `_label_census` (traces.md §10): how the rows as handed over are labelled, and the warnings
 * that say why a report may be thinner than the caller expects (unread score columns,
 * fractional judge labels, the legacy `qwen_reward` key). It runs over the raw rows, before
 * `loadTraces`, so it sees the columns the caller actually sent.
 */
import { LEGACY_REWARD_KEYS, NOT_BINARY, SDK_NUMERIC_KEYS, TRACE_REPORT_LIST_CAP } from "../constants.js";
import { asNumber, labelKeys, labelOf, labelStateOf, rowsPhrase, type RewardKey } from "../labels.js";
import { compareStrings, get, isDict, isNone, pyRepr, sortedBy, sortedStrings } from "@whileai/hash-embed/internal";
import { warnLegacyRewardKey } from "./deprecation.js";
import { bump } from "../counter.js";

export interface LabelCensusOptions {
  /** The label column, or several tried in order; replaces the default `reward`. */
  rewardKey?: RewardKey;
  /** A bar that turns numeric labels into 0/1 (`value >= threshold` is a pass). */
  threshold?: unknown;
}

export interface LabelCensus {
  graded: number;
  passes: number;
  fails: number;
  ungraded: number;
  non_binary_labels: number;
  advisory_labels: number;
  /** Numeric columns on unlabelled rows that no label key reads, by name: `{column: rows}`. */
  unread_numeric_columns: Record<string, number>;
  warnings: string[];
}

const LEGACY_KEYS: ReadonlySet<string> = new Set(LEGACY_REWARD_KEYS);

/** `_label_census(rows, reward_key=, threshold=)`. Non-dict rows are ignored by every counter. */
export function labelCensus(rows: Iterable<unknown>, options: LabelCensusOptions = {}): LabelCensus {
  const { rewardKey, threshold } = options;
  const keys = labelKeys(rewardKey);
  const keySet = new Set(keys);
  // The advisory fallback exists only while the caller has not named a column.
  const defaultKeys = isNone(rewardKey);
  let graded = 0;
  let passes = 0;
  let nonBinary = 0;
  let advisory = 0;
  let noColumn = 0;
  const unread = new Map<string, number>();
  const legacy = new Map<string, number>();
  const examples: string[] = [];

  // Indexed, and the tuples below read by index: an iterator per row or per tuple is garbage
  // that costs the report a good share of its time.
  const list: readonly unknown[] = Array.isArray(rows) ? rows : Array.from(rows);
  for (let i = 0; i < list.length; i++) {
    const row = list[i];
    if (!isDict(row)) continue;
    // Most rows carry a label: read without the [label, status, key] tuple, made only for the rest.
    const label = labelOf(row, keys, threshold);
    if (label !== null) {
      graded++;
      passes += label;
      continue;
    }
    const state = labelStateOf(row, keys, threshold);
    if (defaultKeys) {
      const back = labelStateOf(row, LEGACY_REWARD_KEYS, threshold);
      if (back[0] !== null) {
        advisory++;
        bump(legacy, back[2]);
        continue;
      }
    }
    if (state[1] === NOT_BINARY) {
      const key = state[2];
      nonBinary++;
      if (examples.length < TRACE_REPORT_LIST_CAP) examples.push(`${key}=${pyRepr(get(row, key))}`);
      continue;
    }
    noColumn++;
    // Own keys in Object.keys order, without its array.
    for (const name in row) {
      if (!Object.hasOwn(row, name)) continue;
      const value = row[name];
      // An own `undefined` is how a JS object spells "no such key".
      if (value === undefined || keySet.has(name) || SDK_NUMERIC_KEYS.has(name) || LEGACY_KEYS.has(name)) continue;
      if (asNumber(value) !== null) bump(unread, name);
    }
  }

  const warnings: string[] = [];
  if (unread.size > 0) {
    const named = sortedBy(unread, ([name, count]) => [-count, name])
      .slice(0, TRACE_REPORT_LIST_CAP)
      .map(([name, count]) => `${name} (on ${rowsPhrase(count)})`)
      .join(", ");
    warnings.push(
      `${rowsPhrase(noColumn)} carry no label under ${keys.join("/")}, but they do carry numbers: ${named}. ` +
        "If one of those is your grader's score, name it: load_traces(traces, reward_key='...') " +
        "or trace_report(traces, reward_key='...').",
    );
  }
  if (nonBinary > 0) {
    warnings.push(
      `${rowsPhrase(nonBinary)} carry a label that is not 0 or 1 (${examples.join(", ")}). ` +
        "A rubric judge with several criteria emits a mean, so this is its ordinary output, not a malformed row. " +
        "They are counted as non_binary_labels, never as ungraded. " +
        "Binarising needs a bar and the bar is yours, not the SDK's: pass threshold= to read them as labels.",
    );
  }
  if (legacy.size > 0) {
    const names = sortedStrings(legacy.keys());
    warnLegacyRewardKey(names);
    warnings.push(
      `${rowsPhrase(advisory)} are labelled only by ${names.join(", ")}, a key named after one model ` +
        `that this path reads for one more release. Name the column instead: reward_key='${names[0]}'.`,
    );
  }

  return {
    graded,
    passes,
    fails: graded - passes,
    ungraded: noColumn,
    non_binary_labels: nonBinary,
    advisory_labels: advisory,
    // fromEntries defines own properties, so a column named "__proto__" survives.
    unread_numeric_columns: Object.fromEntries([...unread].sort((a, b) => compareStrings(a[0], b[0]))),
    warnings,
  };
}
