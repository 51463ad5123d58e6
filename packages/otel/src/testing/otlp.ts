/** Builders for OTLP/JSON test fixtures, written the way exporters write them. */
export type AnyValue = Record<string, unknown>;

/** A JS value as an OTLP `AnyValue`: strings, ints as decimal strings, doubles, bools, arrays and objects. */
export function anyValue(value: unknown): AnyValue {
  if (typeof value === "string") return { stringValue: value };
  if (typeof value === "boolean") return { boolValue: value };
  if (typeof value === "number") return Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(anyValue) } };
  if (value && typeof value === "object") return { kvlistValue: { values: kv(value as Record<string, unknown>) } };
  return {};
}

/** `{key: value}` as the OTLP attribute list. */
export function kv(attributes: Record<string, unknown>): { key: string; value: AnyValue }[] {
  return Object.entries(attributes).map(([key, value]) => ({ key, value: anyValue(value) }));
}

let spanCounter = 0;

export interface SpanSpec {
  traceId?: string;
  name?: string;
  start: number | bigint | string;
  attributes?: Record<string, unknown>;
  events?: { name: string; attributes?: Record<string, unknown> }[];
  status?: { code: number; message?: string };
}

/** One OTLP/JSON span; `start` is in nanoseconds, written as the decimal string exporters use. */
export function span(spec: SpanSpec): Record<string, unknown> {
  spanCounter++;
  return {
    traceId: spec.traceId ?? "5b8aa5a2d2c872e8321cf37308d69df2",
    spanId: spanCounter.toString(16).padStart(16, "0"),
    name: spec.name ?? "span",
    kind: 1,
    startTimeUnixNano: String(spec.start),
    attributes: kv(spec.attributes ?? {}),
    ...(spec.events ? { events: spec.events.map((e) => ({ name: e.name, timeUnixNano: String(spec.start), attributes: kv(e.attributes ?? {}) })) } : {}),
    ...(spec.status ? { status: spec.status } : {}),
  };
}

/** An OTLP/JSON export of one resource and one scope. */
export function exportOf(spans: Record<string, unknown>[], scope = "test"): Record<string, unknown> {
  return {
    resourceSpans: [{ resource: { attributes: kv({ "service.name": "agent" }) }, scopeSpans: [{ scope: { name: scope }, spans }] }],
  };
}
