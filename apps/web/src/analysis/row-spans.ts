/** An OpenTelemetry row's spans, as the front door kept them under its `conversation_id`. */
import type { OtelSpanSummary } from "@whileai/otel";
import type { SpansByConversation } from "@whileai/ingest";

export type SpansOf = (row: Readonly<Record<string, unknown>>) => readonly OtelSpanSummary[] | undefined;

export const NO_SPANS: SpansOf = () => undefined;

export function spansLookup(spans: SpansByConversation | undefined): SpansOf {
  if (spans === undefined || spans.size === 0) return NO_SPANS;
  return (row) => (typeof row.conversation_id === "string" ? spans.get(row.conversation_id) : undefined);
}
