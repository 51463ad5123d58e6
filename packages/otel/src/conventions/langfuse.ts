/**
 * Langfuse JS v4+ (`@langfuse/tracing` over `@langfuse/otel`): every observation is a span with
 * `langfuse.observation.type` (`span`, `generation`, `agent`, `tool`, `chain`, `event`, ...),
 * its `langfuse.observation.input` / `.output` as JSON text (a generation's chat messages, an
 * agent's question and answer), `langfuse.observation.model.name`, token counts in
 * `langfuse.observation.usage_details` (`{"input", "output", "total"}`), and the trace's own
 * `langfuse.trace.input` / `.output` on the span that set them. Sessions are `session.id`.
 */
import * as py from "@whileai/hash-embed/internal";
import { parseValue, type Attributes } from "../attributes.js";
import { readMessageList, type Side } from "../messages.js";
import { failed, type ToolStep } from "../tool-span.js";
import { emptyRead, type MessageRead } from "./message.js";
import { ownUsage, type OwnUsage } from "./own-usage.js";

const TYPE = "langfuse.observation.type";
const OBSERVATION: Record<Side, string> = { user: "langfuse.observation.input", assistant: "langfuse.observation.output" };
const TRACE: Record<Side, string> = { user: "langfuse.trace.input", assistant: "langfuse.trace.output" };

export const LANGFUSE_MODEL_KEYS = ["langfuse.observation.model.name"] as const;

function observationType(attrs: Attributes): string {
  return py.pyLower(py.pyStr(py.or(attrs.get(TYPE), "")));
}

/** What an observation (or the trace IO it set) says one side said, or null when it says nothing. */
export function langfuseMessages(attrs: Attributes, side: Side): MessageRead | null {
  if (!attrs.has(TYPE) && !attrs.has(TRACE[side])) return null;
  const value = attrs.get(OBSERVATION[side]) ?? attrs.get(TRACE[side]);
  if (value === undefined || value === null || value === "") return null;
  const parsed = parseValue(value);
  if (typeof parsed === "string") return { ...emptyRead(), texts: [parsed] };
  if (Array.isArray(parsed)) return readMessageList(parsed, side);
  if (!py.isDict(parsed)) return null;
  // `{messages: [...]}` is a chat request; a lone message object (a generation's output) has a role or content.
  if (Array.isArray(parsed.messages)) return readMessageList(parsed.messages, side);
  if (side === "assistant" && (py.has(parsed, "content") || py.has(parsed, "tool_calls"))) return readMessageList([{ role: "assistant", ...parsed }], side);
  return null;
}

/** A tool observation as a step: the wrapped function's input and output, failed at level ERROR. */
export function langfuseToolStep(span: py.Dict, attrs: Attributes): ToolStep | null {
  if (observationType(attrs) !== "tool") return null;
  const name = py.pyStr(py.or(py.get(span, "name"), "tool"));
  const args = attrs.get(OBSERVATION.user);
  const output = attrs.get(OBSERVATION.assistant);
  const status = attrs.get("langfuse.observation.level") === "ERROR" ? "error" : "";
  const result = output === undefined || output === "" ? null : parseValue(output);
  return { tool: name, arguments: args === undefined || args === "" ? {} : parseValue(args), result: failed(span, status, result) };
}

const INPUT_KEYS = ["input", "prompt_tokens", "promptTokens", "input_tokens"];
const OUTPUT_KEYS = ["output", "completion_tokens", "completionTokens", "output_tokens"];

/** `usage_details` as input / output tokens; null when the span has none. */
export function langfuseUsage(attrs: Attributes): OwnUsage | null {
  const details = parseValue(attrs.get("langfuse.observation.usage_details") ?? null);
  if (!py.isDict(details)) return null;
  const pick = (keys: string[]) => keys.map((key) => py.get(details, key)).find((v) => v !== null && v !== undefined) ?? null;
  return ownUsage(pick(INPUT_KEYS), pick(OUTPUT_KEYS));
}
