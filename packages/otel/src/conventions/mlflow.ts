/**
 * MLflow Tracing (mlflow/tracing/constant.py `SpanAttributeKey`, mlflow/entities/span.py):
 * every MLflow attribute value is JSON text (`mlflow.spanType: "\"CHAT_MODEL\""`), written by
 * `json.dumps`. `mlflow.spanType` is one of `CHAT_MODEL`, `LLM`, `TOOL`, `AGENT`, `CHAIN`, ...;
 * `mlflow.spanInputs` / `mlflow.spanOutputs` hold the call's inputs and outputs;
 * `mlflow.traceRequestId` names the trace (`tr-<trace id>`, so the trace id groups it already).
 * - CHAT_MODEL / LLM spans of the autologgers: inputs `{messages: [...]}` in the provider's
 *   chat format, outputs a chat completion `{choices: [{message}]}` or the text; MLflow 2.x also
 *   writes `mlflow.chat.messages`, the input messages followed by the output message, and
 *   `mlflow.chat.tokenUsage` `{input_tokens, output_tokens, total_tokens}`.
 * - AGENT / CHAIN spans are read only when they carry messages (`{messages: [...]}`, as
 *   ChatAgent writes them): a chain's plain input is often an intermediate prompt.
 * - TOOL spans (`@mlflow.trace(span_type="TOOL")`, autologged tool calls): inputs are the
 *   keyword arguments, outputs the return value; the span name is the tool's name.
 */
import * as py from "@whileai/hash-embed/internal";
import type { Attributes } from "../attributes.js";
import { readMessageList, type Side } from "../messages.js";
import { failed, type ToolStep } from "../tool-span.js";
import { jsonText } from "./json-text.js";
import type { MessageRead } from "./message.js";
import { statusOf } from "../span-status.js";
import { ownUsage, type OwnUsage } from "./own-usage.js";

function mlflow(attrs: Attributes, key: string): unknown {
  const value = attrs.get(`mlflow.${key}`);
  return value === undefined ? null : jsonText(value);
}

function spanType(attrs: Attributes): string | null {
  const type = mlflow(attrs, "spanType");
  return type === null ? null : py.pyStr(type).toUpperCase();
}

export function mlflowMessages(attrs: Attributes, side: Side): MessageRead | null {
  const type = spanType(attrs);
  if (type === null || type === "TOOL") return null;
  const model = type === "CHAT_MODEL" || type === "LLM";
  const chat = mlflow(attrs, "chat.messages");
  if (model && Array.isArray(chat)) {
    // The last message is the output when it is the assistant's.
    const last = chat[chat.length - 1];
    const answered = py.isDict(last) && py.pyLower(py.pyStr(py.or(py.get(last, "role"), ""))) === "assistant";
    const input = answered ? chat.slice(0, -1) : chat;
    return readMessageList(side === "user" ? input : answered ? [last] : [], side);
  }
  const value = mlflow(attrs, side === "user" ? "spanInputs" : "spanOutputs");
  const messages = messagesOf(value, side);
  if (messages) return readMessageList(messages, side);
  // Plain text is the turn itself on a model span, and the answer of an agent.
  if (typeof value === "string" && value && (model || (type === "AGENT" && side === "assistant"))) {
    return readMessageList([{ role: side, content: value }], side);
  }
  return null;
}

/** The messages of an inputs/outputs value: `{messages}`, a completion's `{choices}`, or one message. */
function messagesOf(value: unknown, side: Side): unknown[] | null {
  if (Array.isArray(value) && value.every(py.isDict) && value.some((m) => py.has(m, "role"))) return value;
  if (!py.isDict(value)) return null;
  const messages = py.get(value, "messages");
  if (Array.isArray(messages)) return messages;
  const choices = py.get(value, "choices");
  if (side === "assistant" && Array.isArray(choices)) {
    const [choice] = choices;
    const message = py.isDict(choice) ? py.get(choice, "message") : null;
    return py.isDict(message) ? [{ ...message, role: py.or(py.get(message, "role"), "assistant") }] : [];
  }
  return py.has(value, "role") && py.has(value, "content") ? [value] : null;
}

/** A TOOL span as a step; an ERROR status marks a failure. */
export function mlflowToolStep(span: py.Dict, attrs: Attributes): ToolStep | null {
  if (spanType(attrs) !== "TOOL") return null;
  const name = py.pyStr(py.or(py.get(span, "name"), "tool"));
  const args = mlflow(attrs, "spanInputs");
  return { tool: name, arguments: args ?? {}, result: failed(span, statusOf(span), mlflow(attrs, "spanOutputs")) };
}

/** `mlflow.chat.tokenUsage` of a model span. */
export function mlflowUsage(attrs: Attributes): OwnUsage | null {
  const usage = mlflow(attrs, "chat.tokenUsage");
  return py.isDict(usage) ? ownUsage(py.get(usage, "input_tokens"), py.get(usage, "output_tokens")) : null;
}

