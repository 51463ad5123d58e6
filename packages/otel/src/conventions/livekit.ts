/**
 * LiveKit Agents (livekit/agents/telemetry/trace_types.py, voice/generation.py,
 * voice/agent_activity.py). Content keys carry a `pii` segment from 1.7 (`lk.pii.chat_ctx`);
 * earlier releases write the same keys without it (`lk.chat_ctx`). Both are read.
 * - `agent_turn`: `lk.user_input` (the user's message that started the turn),
 *   `lk.response.text` (what the agent said), `lk.response.function_calls`.
 * - `llm_node`: `lk.chat_ctx` (JSON `{items: [...]}`: `message` items `{role, content: [str]}`,
 *   `function_call` items `{call_id, name, arguments}`, `function_call_output` items
 *   `{call_id, name, output, is_error}`), `lk.response.text`, `lk.response.function_calls`
 *   (JSON list of `{call_id, name, arguments}`).
 * - `function_tool`: `lk.function_tool.{id,name,arguments,output,is_error}`.
 * Model usage is on `llm_request` spans as `gen_ai.usage.*`, which Python reads.
 */
import * as py from "@whileai/hash-embed/internal";
import { parseValue, type Attributes } from "../attributes.js";
import { readMessageList, type Side } from "../messages.js";
import { failed, type ToolStep } from "../tool-span.js";
import { mergeReads, type MessageRead } from "./message.js";

/** `lk.pii.<name>`, else the pre-1.7 `lk.<name>`. */
function lk(attrs: Attributes, name: string): unknown {
  const value = attrs.get(`lk.pii.${name}`) ?? attrs.get(`lk.${name}`);
  return value === undefined || value === "" ? null : value;
}

export function liveKitMessages(attrs: Attributes, side: Side): MessageRead | null {
  if (side === "user") {
    const input = lk(attrs, "user_input");
    if (typeof input === "string") return readMessageList([{ role: "user", content: input }], side);
    const context = parseValue(lk(attrs, "chat_ctx"));
    return py.isDict(context) ? readMessageList([...py.pyItems(py.get(context, "items"))].map(chatItem), side) : null;
  }
  const text = lk(attrs, "response.text");
  const calls = parseValue(lk(attrs, "response.function_calls"));
  if (text === null && !Array.isArray(calls)) return null;
  const reads = [readMessageList(typeof text === "string" ? [{ role: "assistant", content: text }] : [], side)];
  if (Array.isArray(calls)) reads.push(readMessageList([{ role: "assistant", tool_calls: calls.map(functionCall) }], side));
  return mergeReads(reads);
}

/** A chat context item as a chat message; handoffs and config updates are no message. */
function chatItem(item: unknown): py.Dict | null {
  if (!py.isDict(item)) return null;
  const type = py.get(item, "type");
  if (type === "message") return item;
  if (type === "function_call") return { role: "assistant", tool_calls: [functionCall(item)] };
  if (type === "function_call_output") return { role: "tool", tool_call_id: py.get(item, "call_id"), content: outputOf(item) };
  return null;
}

function functionCall(call: unknown): py.Dict {
  return py.isDict(call) ? { id: py.get(call, "call_id"), name: py.get(call, "name"), arguments: py.get(call, "arguments") } : {};
}

/** A failed call's output (its error text) is wrapped as a failing tool span's result is. */
function outputOf(item: py.Dict): unknown {
  const output = parseValue(py.get(item, "output"));
  return py.get(item, "is_error") === true ? { status: "error", output } : output;
}

/**
 * A `function_tool` span as a step. LiveKit's eval judge (`judge_evaluation`) reuses the name
 * and output keys but is no tool call: it has no call id.
 */
export function liveKitToolStep(span: py.Dict, attrs: Attributes): ToolStep | null {
  const name = attrs.get("lk.function_tool.name");
  if (name === undefined || name === null || name === "") return null;
  if (!attrs.has("lk.function_tool.id") && py.get(span, "name") !== "function_tool") return null;
  const args = lk(attrs, "function_tool.arguments");
  const output = parseValue(lk(attrs, "function_tool.output"));
  const status = attrs.get("lk.function_tool.is_error") === true ? "error" : "";
  return { tool: py.pyStr(name), arguments: args === null ? {} : parseValue(args), result: failed(span, status, output) };
}
