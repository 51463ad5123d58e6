/**
 * One source row as a canonical row (traces.md §3.5, "For each row"). Shared by the in-memory
 * loader and the Node file loader so both drop, count and shape rows identically.
 */
import { FINAL_KEYS, PROMPT_KEYS, STEP_KEYS } from "../constants.js";
import { labelKeys, labelOf, type RewardKey } from "../labels.js";
import { get, has, isDict, pyStr, truthy, type Dict } from "@whileai/hash-embed/internal";
import { stepsFromMessages } from "./messages.js";
import { normalizeOwnStep, normalizeStep } from "./normalize-step.js";
import { holdsResponseItems, responseItemRowSteps } from "./response-items.js";
import { parseJsonShared } from "./tool-result.js";
import { withoutKey } from "./object.js";
import type { TraceRow } from "./schema.js";
import type { HalfRead } from "./vercel-parts.js";

/** Why rows were left out: not a JSON object, or neither a prompt nor a step to read. */
export interface DroppedCounts {
  not_object: number;
  no_signal: number;
}

/** Canonicalises rows one at a time for one call's options, counting what it drops. */
export class RowLoader {
  readonly dropped: DroppedCounts = { not_object: 0, no_signal: 0 };
  /** Kept rows with at least one part that could not be read (each one told to `onHalfRead`). */
  halfRead = 0;
  private rowHalfRead = false;
  private readonly halfReadHook: (reason: string) => void;
  private keys: string[] | undefined;
  /** Whether a label key is one the loader rewrites, so the label must be read after the rewrite. */
  private labelReadsRewritten = false;

  /** `onHalfRead(reason)` is called while the row it is about is being loaded, once per unread part. */
  constructor(
    private readonly rewardKey: RewardKey,
    private readonly threshold: unknown,
    onHalfRead?: (reason: string) => void,
  ) {
    this.halfReadHook = (reason) => {
      this.rowHalfRead = true;
      onHalfRead?.(reason);
    };
  }

  /** The canonical row, or null when the row is dropped. The input row is never mutated. */
  load(source: unknown): TraceRow | null {
    return this.read(source, false);
  }

  /** `load`; `shared`: the row is only read, so it may share the source's steps and parsed values. */
  private read(source: unknown, shared: boolean): TraceRow | null {
    if (!isDict(source)) {
      this.dropped.not_object++;
      return null;
    }
    if (this.keys === undefined) {
      // Resolved at the first dict row: Python reads the keys per row, so a bad reward_key
      // raises only once there is a row to read.
      this.keys = labelKeys(this.rewardKey, false);
      this.labelReadsRewritten = this.keys.some((key) => REWRITTEN.has(key));
    }
    this.rowHalfRead = false;
    const row = canonicalRow(source, this.keys, this.threshold, this.labelReadsRewritten, this.halfReadHook, shared);
    if (row === null) this.dropped.no_signal++;
    else if (this.rowHalfRead) this.halfRead++;
    return row;
  }

  /**
   * `load` for callers that only read the row (the report): a row that is already canonical, as
   * a loaded row handed back is, comes back as itself. Reports usually get loaded rows, and
   * copying 100k of them only for the copies to be read once was most of the report's load.
   */
  view(source: unknown): TraceRow | null {
    if (isDict(source) && this.keys !== undefined && !this.labelReadsRewritten && isCanonical(source, this.keys, this.threshold)) return source as TraceRow;
    return this.read(source, true);
  }
}

/**
 * Whether `canonicalRow(row)` would equal `row` key for key, in the same order: its own
 * non-empty `steps` list is the one read, with dict steps that need no renaming; `prompt`,
 * `final_text` and `reward` already hold what the rewrite would write. Anything else (including
 * a label key the rewrite touches, which the caller rules out) takes the full path.
 */
function isCanonical(row: Dict, keys: readonly string[], threshold: unknown): boolean {
  const steps = get(row, "steps");
  if (STEP_KEYS[0] !== "steps" || !Array.isArray(steps) || steps.length === 0) return false;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    if (!isDict(step) || normalizeOwnStep(step) !== step) return false;
  }
  // A non-empty `prompt` read first is what the rewrite writes; only an empty one is looked past.
  const prompt = get(row, "prompt");
  if (typeof prompt !== "string") return false;
  if ((prompt === "" || PROMPT_KEYS[0] !== "prompt") && rowPrompt(row, steps) !== prompt) return false;
  const finalText = get(row, "final_text");
  if (typeof finalText !== "string") return false;
  if ((finalText === "" || FINAL_KEYS[0] !== "final_text") && rowFinalText(row, steps) !== finalText) return false;
  const label = labelOf(row, keys, threshold);
  return label === null ? !has(row, "reward") : row.reward === label;
}

/** The keys `canonicalRow` writes. */
const REWRITTEN = new Set(["steps", "prompt", "final_text"]);

/**
 * The steps a row holds: the first non-empty list in `STEP_KEYS`, else its chat `messages`.
 * `shared`: the steps are only read, so a source step that needs no renaming is not copied and
 * JSON texts parse to values shared across rows.
 */
function sourceSteps(row: Dict, halfRead: HalfRead, shared: boolean): Dict[] {
  for (const key of STEP_KEYS) {
    const value = get(row, key);
    if (!Array.isArray(value) || value.length === 0) continue;
    const steps: Dict[] = [];
    // Non-dict steps are dropped (Python skips them; `steps: 5` is no list and counts as absent).
    for (const step of value) if (isDict(step)) steps.push(shared ? normalizeOwnStep(step) : normalizeStep(step));
    return steps;
  }
  const messages = get(row, "messages");
  // Steps built from messages are new objects: renamed in place of being copied.
  // Without messages, Responses items in `input`/`output` (whileai-ts only: BEYOND.md).
  const steps = Array.isArray(messages) ? stepsFromMessages(messages, halfRead, shared ? parseJsonShared : undefined) : responseItemRowSteps(row);
  for (let i = 0; i < steps.length; i++) steps[i] = normalizeOwnStep(steps[i]);
  return steps;
}

function canonicalRow(source: Dict, keys: readonly string[], threshold: unknown, labelReadsRewritten: boolean, halfRead: HalfRead, shared: boolean): TraceRow | null {
  // The label is read after the rewrite (Python's order); when no label key is rewritten it can
  // be read first, so a row whose reward goes is copied once, without it.
  let label = labelReadsRewritten ? null : labelOf(source, keys, threshold);
  let row: Dict = !labelReadsRewritten && label === null && has(source, "reward") ? withoutKey(source, "reward") : { ...source };

  const steps = sourceSteps(row, halfRead, shared);
  row.steps = steps;

  const prompt = rowPrompt(row, steps);
  row.prompt = prompt;
  row.final_text = rowFinalText(row, steps);

  if (labelReadsRewritten) label = labelOf(row, keys, threshold);
  if (label !== null) row.reward = label;
  else if (has(row, "reward")) row = withoutKey(row, "reward"); // even a valid 0/1 when rewardKey names another column (§16.4)

  return prompt !== "" || steps.length > 0 ? (row as TraceRow) : null;
}

/** The prompt: the first truthy `PROMPT_KEYS` field, else the first step's `user`. */
function rowPrompt(row: Dict, steps: readonly Dict[]): string {
  const prompt = firstText(row, PROMPT_KEYS);
  if (prompt !== "") return prompt;
  for (const step of steps) if (has(step, "user")) return pyStr(step.user);
  return "";
}

/** The final text: the first truthy `FINAL_KEYS` field, else the last step's `text`. */
function rowFinalText(row: Dict, steps: readonly Dict[]): string {
  const finalText = firstText(row, FINAL_KEYS);
  if (finalText !== "") return finalText;
  for (let i = steps.length - 1; i >= 0; i--) if (has(steps[i], "text")) return pyStr(steps[i].text);
  return "";
}

/** `str(row[k])` for the first key in `keys` whose value is truthy, else "". Not stripped. */
function firstText(row: Dict, keys: readonly string[]): string {
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const value = get(row, key);
    if (truthy(value) && !holdsResponseItems(row, key)) return pyStr(value);
  }
  return "";
}
