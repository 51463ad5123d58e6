/** `_prompt_of(item)` (traces.md §8.1): the text a generated row or a source is judged on. */
import { pyStr } from "./repr.js";
import { pyStrip } from "./text.js";
import { isDict, or } from "./values.js";

/**
 * A dict gives `str(item.get("prompt") or "").strip()`; anything else `str(item or "").strip()`,
 * so a string is itself stripped, None or 0 is "", and a list is its Python repr.
 */
export function promptOf(item: unknown): string {
  // "prompt" is no Object.prototype name, so indexing reads only the dict's own key (missing: None).
  if (isDict(item)) return pyStrip(pyStr(or(item.prompt, "")));
  return pyStrip(pyStr(or(item, "")));
}
