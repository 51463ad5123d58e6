/**
 * `rowsFromOtel`, each row with the spans it was assembled from: the same grouping and the same
 * rows (built by the same `assembleRow`), plus each span's ids, parent, name, exact start and end,
 * status, kind, a few GenAI attributes, and the index of the step a tool span became. For views
 * that draw a conversation's spans (a waterfall) and link them to its steps; opt-in, since it
 * keeps a summary of every span.
 */
import * as py from "@whileai/hash-embed/internal";
import { first, type Attributes } from "./attributes.js";
import { assembleRow, toolStepOf, type OtelRow, type OtelStep } from "./assemble.js";
import { MODEL_KEYS, MODEL_VERSION_KEYS, MS_TO_NS, REWARD_KEYS, TOOL_NAME_KEYS, USAGE_IN_KEYS, USAGE_OUT_KEYS } from "./constants.js";
import { groupSpans, type SpanEntry } from "./group.js";
import type { RowsFromOtelOptions } from "./rows-from-otel.js";
import { tokenCount } from "./tokens.js";

export interface OtelSpanSummary {
  /** As the span writes them ("" when absent); protobuf ids arrive as hex text already. */
  spanId: string;
  parentSpanId: string;
  traceId: string;
  name: string;
  /** Exact nanoseconds since the epoch; null when the span gives no such time. */
  startNs: bigint | null;
  endNs: bigint | null;
  /** `"error"`, `"ok"` or `"unset"`, from the OTLP status code (number or enum name). */
  status: "error" | "ok" | "unset";
  /** The OTLP span kind as written (1–5 or `SPAN_KIND_*`), or null. */
  kind: number | string | null;
  /** `gen_ai.operation.name`, the tool name and the model, when the span names them. */
  operation: string | null;
  tool: string | null;
  model: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  /** Index into the row's `steps` of the step this tool span became, else null. */
  step: number | null;
}

export interface RowWithSpans {
  row: OtelRow;
  /** The conversation's spans in the order the row read them (start time, then input order). */
  spans: OtelSpanSummary[];
}

/** Same arguments, rows and errors as `rowsFromOtel`; the rows equal its rows, one for one. */
export function rowsWithSpans(source: unknown, options: RowsFromOtelOptions = {}): RowWithSpans[] {
  const rewardKeys = options.rewardKeys === undefined ? REWARD_KEYS : Array.from(py.pyIter(options.rewardKeys)).filter((k): k is string => typeof k === "string");
  const out: RowWithSpans[] = [];
  for (const [key, entries] of groupSpans(source)) {
    const row = assembleRow(key, entries, rewardKeys);
    if (row) out.push({ row, spans: summaries(entries, row.steps) });
  }
  return out;
}

function summaries(entries: readonly SpanEntry[], steps: readonly OtelStep[]): OtelSpanSummary[] {
  // A tool span's step sits in `steps` in span order, with steps from model outputs between:
  // each tool span links to the next step, from where the last link left off, that it became.
  let next = 0;
  return entries.map((entry) => {
    const found = stepOf(entry, steps, next);
    if (found !== null) next = found + 1;
    return summary(entry, found);
  });
}

/**
 * The first step from `from` that is the span's own step; else (a LangChain span's arguments are a
 * text rendering, replaced by the model call's) one with its tool name and result; else, for an
 * `execute_tool` span that records no arguments, the next step calling its tool.
 */
function stepOf(entry: SpanEntry, steps: readonly OtelStep[], from: number): number | null {
  const own = toolStepOf(entry);
  const toolName = own?.tool ?? (first(entry.attrs, ["gen_ai.operation.name"]) === "execute_tool" ? text(entry.attrs, TOOL_NAME_KEYS) : null);
  if (toolName === null) return null;
  const name = toolName.replace(/^execute_tool /, "");
  const tests: ((step: OtelStep) => boolean)[] = own
    ? [(step) => JSON.stringify(step) === JSON.stringify(own), (step) => "tool" in step && step.tool === name && JSON.stringify(step.result) === JSON.stringify(own.result)]
    : [(step) => "tool" in step && step.tool === name];
  for (const test of tests) {
    for (let i = from; i < steps.length; i++) if (test(steps[i])) return i;
  }
  return null;
}

function summary(entry: SpanEntry, step: number | null): OtelSpanSummary {
  const { span, attrs } = entry;
  return {
    spanId: idText(span, "spanId", "span_id"),
    parentSpanId: idText(span, "parentSpanId", "parent_span_id"),
    traceId: idText(span, "traceId", "trace_id"),
    name: py.pyStr(py.or(py.get(span, "name"), "")),
    startNs: entry.start === 0n ? null : entry.start,
    endNs: endOf(span),
    status: statusName(span),
    kind: kindOf(span),
    operation: text(attrs, ["gen_ai.operation.name"]),
    tool: text(attrs, TOOL_NAME_KEYS),
    model: text(attrs, [...MODEL_VERSION_KEYS, ...MODEL_KEYS, "gen_ai.response.model", "llm.model_name"]),
    inputTokens: tokenCount(first(attrs, USAGE_IN_KEYS)),
    outputTokens: tokenCount(first(attrs, USAGE_OUT_KEYS)),
    step,
  };
}

function text(attrs: Attributes, keys: Iterable<string>): string | null {
  const value = first(attrs, keys);
  return value === null ? null : py.pyStr(value);
}

function idText(span: py.Dict, key: string, snake: string): string {
  const raw = py.or(py.get(span, key), py.get(span, snake));
  if (raw instanceof Uint8Array) return Array.from(raw, (b) => b.toString(16).padStart(2, "0")).join("");
  return py.truthy(raw) ? py.pyStr(raw) : "";
}

/** The end as `startOf` reads the start (ns fields, else ms fields); a time that is no integer reads as none. */
function endOf(span: py.Dict): bigint | null {
  const nanos = exactInt(py.or(py.get(span, "endTimeUnixNano"), py.get(span, "end_time_unix_nano")));
  if (nanos !== null && nanos !== 0n) return nanos;
  const ms = exactInt(py.or(py.or(py.get(span, "endedMs"), py.get(span, "ended_ms")), py.get(span, "endTimeMs")));
  return ms !== null && ms !== 0n ? ms * MS_TO_NS : null;
}

function exactInt(value: unknown): bigint | null {
  if (!py.truthy(value)) return null;
  try {
    return py.pyIntExactOr(value, 0n);
  } catch {
    // Where the row reads an end time (run-io.ts) it raises as Python does; elsewhere a bad one shows as none.
    return null;
  }
}

function statusName(span: py.Dict): OtelSpanSummary["status"] {
  const status = py.get(span, "status");
  const code = py.isDict(status) ? py.get(status, "code") : null;
  if (code === 2 || code === "2" || code === "STATUS_CODE_ERROR") return "error";
  if (code === 1 || code === "1" || code === "STATUS_CODE_OK") return "ok";
  return "unset";
}

function kindOf(span: py.Dict): number | string | null {
  const kind = py.get(span, "kind");
  return typeof kind === "number" || typeof kind === "string" ? kind : null;
}
