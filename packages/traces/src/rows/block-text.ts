/** `_block_text` (traces.md §3.3): the text of a message's `content`, whatever its shape. */
import { isDict, pyStr, truthy } from "@whileai/hash-embed/internal";

/**
 * A string is returned as is (not stripped); a list of content blocks gives its `text` blocks,
 * empty ones dropped, joined with "\n"; `null` gives ""; anything else is Python's `str()` of it,
 * so a dict reads `{'a': 1}`.
 */
export function blockText(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    let out = "";
    let first = true;
    for (const block of value) {
      // Plain property reads: neither key exists on Object.prototype.
      if (!isDict(block) || block.type !== "text") continue;
      const text = block.text;
      const piece = truthy(text) ? pyStr(text) : "";
      if (piece === "") continue;
      out = first ? piece : out + "\n" + piece;
      first = false;
    }
    return out;
  }
  if (value === null || value === undefined) return "";
  return pyStr(value);
}
