/** `_prompt_of(item)` (traces.md §8.1): the text a generated row or a source is judged on. */
import { get, isDict, or, pyStr, pyStrip } from "../py/index.js";

/**
 * A dict gives `str(item.get("prompt") or "").strip()`; anything else `str(item or "").strip()`,
 * so a string is itself stripped, None or 0 is "", and a list is its Python repr.
 */
export function promptOf(item: unknown): string {
  if (isDict(item)) return pyStrip(pyStr(or(get(item, "prompt"), "")));
  return pyStrip(pyStr(or(item, "")));
}
