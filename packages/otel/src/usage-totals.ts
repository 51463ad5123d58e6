/**
 * Spans whose token usage is the sum of their descendants' and must not be added again. AI SDK
 * 7's `invoke_agent` span writes the call's totals under the same `gen_ai.usage.*` keys as each
 * `chat` span below it, so Python's sum over every span counts each model call twice. A span is
 * a total when a span it is an ancestor of (by `parentSpanId`, within the conversation) carries
 * usage itself; a span whose descendants carry none still counts, so an agent span that is the
 * only one reporting usage is read as before.
 */
import * as py from "@whileai/hash-embed/internal";
import { first } from "./attributes.js";
import { USAGE_IN_KEYS, USAGE_OUT_KEYS } from "./constants.js";
import type { SpanEntry } from "./group.js";
import { tokenCount } from "./tokens.js";

/** Indexes into `entries` of the spans whose usage is a total. */
export function usageTotals(entries: readonly SpanEntry[]): ReadonlySet<number> {
  const indexById = new Map<string, number>();
  entries.forEach(({ span }, i) => {
    const id = idOf(span, "spanId", "span_id");
    if (id && !indexById.has(id)) indexById.set(id, i);
  });
  const totals = new Set<number>();
  entries.forEach(({ span, attrs }, i) => {
    if (tokenCount(first(attrs, USAGE_IN_KEYS)) === null && tokenCount(first(attrs, USAGE_OUT_KEYS)) === null) return;
    const seen = new Set<number>([i]);
    for (let parent = indexById.get(idOf(span, "parentSpanId", "parent_span_id")); parent !== undefined && !seen.has(parent); ) {
      seen.add(parent);
      totals.add(parent);
      parent = indexById.get(idOf(entries[parent].span, "parentSpanId", "parent_span_id"));
    }
  });
  return totals;
}

function idOf(span: py.Dict, key: string, snake: string): string {
  return py.pyStr(py.or(py.or(py.get(span, key), py.get(span, snake)), ""));
}
