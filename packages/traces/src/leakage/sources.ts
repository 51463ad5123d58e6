/** `_leak_sources(sources)` (traces.md §8.2): the flat list of things generated rows must not copy. */
import { isDict, pyIter } from "@whileai/hash-embed/internal";

/**
 * None gives no sources; one row or one string is a single source; otherwise each element is a
 * source, and an element that is itself a list is spliced in, one level only (so a holdout
 * split or several row lists can be passed as they are).
 */
export function leakSources(sources: unknown): unknown[] {
  if (sources === null || sources === undefined) return [];
  if (isDict(sources) || typeof sources === "string") return [sources];
  const out: unknown[] = [];
  for (const item of pyIter(sources)) {
    if (Array.isArray(item)) for (let i = 0; i < item.length; i++) out.push(item[i]);
    else out.push(item);
  }
  return out;
}
