/** How `_steps_from_messages` reads a tool result (traces.md §3.4: `coerce_result`, `errored`). */
import { has, isDict, pyJsonDumps, pyJsonLoads, pyJsonRedump, type Dict } from "@whileai/hash-embed/internal";
import { TextMemo } from "../text-memo.js";
import { blockText } from "./block-text.js";

/**
 * `json.loads(text)`, or `text` itself when it is not JSON. Text whose first non-blank character
 * cannot open a JSON value is answered without a parse: tool output is mostly prose, and a thrown
 * parse error per message would dominate loading time.
 */
export function parseJsonOr(text: string): unknown {
  if (!mayOpenJson(text)) return text;
  try {
    return pyJsonLoads(text);
  } catch {
    return text;
  }
}

/**
 * `parseJsonOr` for readers that only read the value (the report): tools repeat their result
 * texts across rows, so each short text is parsed once and its value shared by every row that
 * holds it. Never for rows handed back to a caller, who may change one row's value.
 */
export function parseJsonShared(text: string): unknown {
  return sharedValues.get(text);
}

const sharedValues = new TextMemo(parseJsonOr, 256, 4096);

function mayOpenJson(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) continue;
    // { [ " - 0-9 t(rue) f(alse) n(ull) N(aN) I(nfinity)
    return c === 0x7b || c === 0x5b || c === 0x22 || c === 0x2d || (c >= 0x30 && c <= 0x39) || c === 0x74 || c === 0x66 || c === 0x6e || c === 0x4e || c === 0x49;
  }
  return false;
}

/** The text a result's content stands for: a string as is, content blocks as their text. */
export function resultText(value: unknown): string {
  return typeof value === "string" ? value : blockText(value);
}

/** A result's content as a value: JSON text is parsed (`"42"` → 42), anything else is its text. */
export function coerceResult(value: unknown): unknown {
  return parseJsonOr(resultText(value));
}

/**
 * An Anthropic `is_error` result as an error payload. A dict keeps its keys and gains `error`
 * (its JSON text) and `status: "error"` only where absent; anything else becomes
 * `{ error: <text>, status: "error" }`. `source`, the JSON text `result` was parsed from, lets
 * the error text keep float literals such as `298.0` as Python writes them.
 */
export function errored(result: unknown, source?: string): Dict {
  const text = typeof result === "string" ? result : source === undefined ? pyJsonDumps(result) : redumpOr(source, result);
  if (!isDict(result)) return { error: text, status: "error" };
  const out: Dict = { ...result };
  if (!has(out, "error")) out.error = text;
  if (!has(out, "status")) out.status = "error";
  return out;
}

function redumpOr(source: string, result: unknown): string {
  return redumps.get(source) ?? pyJsonDumps(result);
}

// Tools repeat their error payloads across rows: each JSON text's redump is worked out once
// (null where the text cannot be redumped, and the parsed value is dumped instead).
const redumps = new TextMemo(redumpOrNull, 512, 2048);

function redumpOrNull(source: string): string | null {
  try {
    return pyJsonRedump(source);
  } catch {
    return null;
  }
}
