/**
 * `_label_census` (traces.md §10): how the rows as handed over are labelled, and the warnings
 * that say why a report may be thinner than the caller expects (unread score columns,
 * fractional judge labels, the legacy `qwen_reward` key). It runs over the raw rows, before
 * `loadTraces`, so it sees the columns the caller actually sent.
 */
import { LEGACY_REWARD_KEYS, NOT_BINARY, SDK_NUMERIC_KEYS, TRACE_REPORT_LIST_CAP } from "../constants.js";
import { asNumber, labelKeys, labelStateOf, rowsPhrase, type RewardKey } from "../labels.js";
import { compareStrings, get, isDict, isNone, pyRepr, sortedBy, sortedStrings } from "@whileai/hash-embed/internal";
import { warnLegacyRewardKey } from "./deprecation.js";

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

function bump(counter: Map<string, number>, key: string): void {
  counter.set(key, (counter.get(key) ?? 0) + 1);
}

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

  for (const row of rows) {
    if (!isDict(row)) continue;
    const [label, status, key] = labelStateOf(row, keys, threshold);
    if (label !== null) {
      graded++;
      passes += label;
      continue;
    }
    if (defaultKeys) {
      const [back, , backKey] = labelStateOf(row, LEGACY_REWARD_KEYS, threshold);
      if (back !== null) {
        advisory++;
        bump(legacy, backKey);
        continue;
      }
    }
    if (status === NOT_BINARY) {
      nonBinary++;
      if (examples.length < TRACE_REPORT_LIST_CAP) examples.push(`${key}=${pyRepr(get(row, key))}`);
      continue;
    }
    noColumn++;
    for (const name of Object.keys(row)) {
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
