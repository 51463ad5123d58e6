/** Reads a capture from fixtures/captures/ and the ids a test needs to name its rows. */
import { readFileSync } from "node:fs";

export function readCapture(family: string, scenario: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../../../../fixtures/captures/${family}/${scenario}.otlp.json`, import.meta.url), "utf8")) as Record<string, unknown>;
}

interface CaptureSpan {
  traceId: string;
  parentSpanId?: string;
  startTimeUnixNano: string;
}

export function spansOf(capture: Record<string, unknown>): CaptureSpan[] {
  const resources = capture.resourceSpans as { scopeSpans: { spans: CaptureSpan[] }[] }[];
  return resources.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
}

/** The earliest span start, as the row's `ts` (the nearest double). */
export function earliestStart(capture: Record<string, unknown>): number {
  return Number(spansOf(capture).reduce((min, s) => (BigInt(s.startTimeUnixNano) < min ? BigInt(s.startTimeUnixNano) : min), BigInt(spansOf(capture)[0].startTimeUnixNano)));
}

/** The trace id of the capture's only root span: the conversation id of a run without a session. */
export function rootTraceId(capture: Record<string, unknown>): string {
  const roots = spansOf(capture).filter((s) => !s.parentSpanId);
  if (roots.length !== 1) throw new Error(`expected one root span, found ${roots.length}`);
  return roots[0].traceId;
}
