/** `opening_share` (traces.md §9.3): how often the agent, not the user, speaks first. */
import { get, isDict, or, pyIter, pyStr } from "@whileai/hash-embed/internal";

/**
 * `opening_share(rows)`: the share of dict rows whose raw `messages` opens with an assistant
 * message; 0.0 with no dict rows. Rows without `messages` count as user-opened.
 */
export function openingShare(rows: Iterable<unknown>): number {
  let items = 0;
  let opened = 0;
  for (const row of pyIter(rows)) {
    if (!isDict(row)) continue;
    items++;
    const messages = get(row, "messages");
    if (!Array.isArray(messages) || messages.length === 0) continue;
    const first = messages[0];
    if (isDict(first) && pyStr(or(get(first, "role"), "")) === "assistant") opened++;
  }
  return items === 0 ? 0 : opened / items;
}
