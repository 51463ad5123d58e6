/** `as_dict` (traces-helpers.md §2.2): a tool result read as a dict, whatever shape it came in. */
import { isDict, pyJsonLoadsOr, type Dict } from "@whileai/hash-embed/internal";

// Only text that opens with "{" can parse to a dict; testing first spares a throw per plain string.
const OPENS_OBJECT = /^[ \t\n\r]*\{/;

function parseDict(text: string): Dict | null {
  if (!OPENS_OBJECT.test(text)) return null;
  const parsed = pyJsonLoadsOr(text, null);
  return isDict(parsed) ? parsed : null;
}

/**
 * A dict as is; a string holding a JSON object parsed; anything else `{}`. A plain string that
 * is not JSON (even `"<<garbled resp0nse"`) is therefore an empty dict, and so not a fault.
 */
export function asDict(value: unknown): Dict {
  if (isDict(value)) return value;
  return (typeof value === "string" && parseDict(value)) || {};
}

// The grader reads each JSON-text result twice per row (its status for the signature, its fault
// for the tally), and exports repeat the same texts ('{"status": "ok"}') across rows: parse once.
const MEMO_TEXT_CHARS = 512;
const MEMO_ENTRIES = 2048;
const memo = new Map<string, Dict>();
const NOTHING: Dict = Object.freeze({}) as Dict;

/**
 * `asDict` for the grader's own reads: the same answer, but a parsed text may be shared between
 * calls, so the caller must not modify it.
 */
export function readDict(value: unknown): Dict {
  if (isDict(value)) return value;
  if (typeof value !== "string" || !OPENS_OBJECT.test(value)) return NOTHING;
  if (value.length > MEMO_TEXT_CHARS) return parseDict(value) ?? NOTHING;
  let dict = memo.get(value);
  if (dict === undefined) {
    if (memo.size >= MEMO_ENTRIES) memo.clear();
    dict = parseDict(value) ?? NOTHING;
    memo.set(value, dict);
  }
  return dict;
}
