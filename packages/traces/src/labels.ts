/**
 * Label machinery (traces.md §2): a label is a 0/1 verdict on a row, read from the first key
 * that gives one. Every reader of labels goes through `labelState`.
 */
import { LEGACY_REWARD_KEYS, NO_COLUMN, NOT_BINARY, REWARD_KEYS } from "./constants.js";
import { get, isDict, isNone, pyFloat, pyFloatStrict, pyIter, pyStr, type Dict } from "@whileai/hash-embed/internal";

export type Label = 0 | 1;
export type LabelStatus = "read" | typeof NOT_BINARY | typeof NO_COLUMN;
/** `(label, status, key)`: the label, how it was found, and the key it came from (or `""`). */
export type LabelState = [label: Label | null, status: LabelStatus, key: string];

/** A reward column name, or several tried in order (`reward_key` in Python). */
export type RewardKey = string | Iterable<unknown> | null | undefined;

export interface LabelOptions {
  rewardKey?: RewardKey;
  /** A bar for numeric labels: `number >= float(threshold)` reads as 1. */
  threshold?: unknown;
  /** With no `rewardKey`, also read the legacy `qwen_reward` column. */
  legacy?: boolean;
}

/** `_as_number`: a finite-or-infinite number, or null where `float()` fails or gives NaN. */
export function asNumber(value: unknown): number | null {
  if (typeof value === "boolean") return value ? 1 : 0;
  const number = pyFloat(value);
  return number === null || Number.isNaN(number) ? null : number;
}

/**
 * `_label_from`: 1, 0, or null for "no label". A bool is its own label whatever the threshold;
 * without a threshold only 0 and 1 read as labels.
 */
export function labelFrom(value: unknown, options: { threshold?: unknown } = {}): Label | null {
  return labelAt(value, options.threshold);
}

/** `labelFrom` with the threshold passed bare, for per-row readers (no options object per call). */
function labelAt(value: unknown, threshold: unknown): Label | null {
  const number = asNumber(value);
  if (number === null) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (!isNone(threshold)) return number >= pyFloatStrict(threshold) ? 1 : 0;
  if (number === 0) return 0;
  if (number === 1) return 1;
  return null;
}

/**
 * `_label_keys`: the keys a label is read from, in order. A named key replaces the defaults;
 * `legacy` only matters when no key is named.
 */
export function labelKeys(rewardKey?: RewardKey, legacy = false): string[] {
  if (isNone(rewardKey)) return legacy ? [...REWARD_KEYS, ...LEGACY_REWARD_KEYS] : [...REWARD_KEYS];
  if (typeof rewardKey === "string") return [rewardKey];
  // `tuple(str(k) for k in reward_key)`: a dict gives its keys; a number raises TypeError.
  return Array.from(pyIter(rewardKey), pyStr);
}

// The default key lists, shared by per-row callers that name no key (never handed out: labelKeys copies).
const DEFAULT_KEYS: readonly string[] = [...REWARD_KEYS];
const LEGACY_DEFAULT_KEYS: readonly string[] = [...REWARD_KEYS, ...LEGACY_REWARD_KEYS];

function keysFor(rewardKey: RewardKey, legacy: boolean): readonly string[] {
  if (isNone(rewardKey)) return legacy ? LEGACY_DEFAULT_KEYS : DEFAULT_KEYS;
  return labelKeys(rewardKey, legacy);
}

/** `_label_state` over keys already resolved by `labelKeys`, so per-row callers resolve them once. */
export function labelStateOf(row: unknown, keys: readonly string[], threshold?: unknown): LabelState {
  // Python would crash on a non-dict row; it simply has no column here.
  if (!isDict(row)) return [null, NO_COLUMN, ""];
  let numberAt = "";
  for (const key of keys) {
    const value = get(row as Dict, key);
    if (value === null) continue;
    const label = labelAt(value, threshold);
    if (label !== null) return [label, "read", key];
    if (numberAt === "" && asNumber(value) !== null) numberAt = key;
  }
  if (numberAt !== "") return [null, NOT_BINARY, numberAt];
  return [null, NO_COLUMN, ""];
}

/**
 * `labelStateOf(row, keys, threshold)[0]`: the label alone, for per-row readers that need
 * neither status nor key (and so no tuple per row).
 */
export function labelOf(row: unknown, keys: readonly string[], threshold?: unknown): Label | null {
  if (!isDict(row)) return null;
  for (let i = 0; i < keys.length; i++) {
    const value = get(row as Dict, keys[i]);
    if (value === null) continue;
    const label = labelAt(value, threshold);
    if (label !== null) return label;
  }
  return null;
}

/** `_label_state(row, reward_key=, threshold=, legacy=)` -> `[label, status, key]`. */
export function labelState(row: unknown, options: LabelOptions = {}): LabelState {
  return labelStateOf(row, keysFor(options.rewardKey, options.legacy ?? false), options.threshold);
}

/** `_binary_reward`: the label with legacy keys honoured (`reward`, then `qwen_reward`). */
export function binaryReward(row: unknown, options: { rewardKey?: RewardKey; threshold?: unknown } = {}): Label | null {
  return labelOf(row, keysFor(options.rewardKey, true), options.threshold);
}

/** `_rows_phrase`: "1 row", otherwise "N rows". */
export function rowsPhrase(n: number): string {
  return n === 1 ? "1 row" : `${pyStr(n)} rows`;
}
