/** `as_dict` (traces-helpers.md §2.2): a tool result read as a dict, whatever shape it came in. */
import { isDict, pyJsonLoadsOr, type Dict } from "../py/index.js";

// Only text that opens with "{" can parse to a dict; testing first spares a throw per plain string.
const OPENS_OBJECT = /^[ \t\n\r]*\{/;

/**
 * A dict as is; a string holding a JSON object parsed; anything else `{}`. A plain string that
 * is not JSON (even `"<<garbled resp0nse"`) is therefore an empty dict, and so not a fault.
 */
export function asDict(value: unknown): Dict {
  if (isDict(value)) return value;
  if (typeof value === "string" && OPENS_OBJECT.test(value)) {
    const parsed = pyJsonLoadsOr(value, null);
    if (isDict(parsed)) return parsed;
  }
  return {};
}
