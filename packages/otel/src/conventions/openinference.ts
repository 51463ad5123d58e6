/**
 * OpenInference (Arize) spans (spec/semantic_conventions.md, spec/tool_calling.md): flattened
 * `llm.input_messages.N.message.{role,content,contents,tool_calls,tool_call_id}` and
 * `llm.output_messages.N...`, `input.value` / `output.value` on AGENT and LLM spans, and
 * TOOL spans (`openinference.span.kind: TOOL`, `tool.name`, args in `input.value`).
 */
import * as py from "@whileai/hash-embed/internal";
import { isResponseItems, responseItemsAsMessages } from "@whileai/traces/internal";
import { first, parseValue, type Attributes } from "../attributes.js";
import { readMessageList, type Side } from "../messages.js";
import { statusOf } from "../span-status.js";
import { failed, type ToolStep } from "../tool-span.js";
import type { FlatLists } from "./flat-lists.js";
import { flattened, type FlatNode } from "./flattened.js";
import { langChainToolResult, langChainToolStatus } from "./langchain-tool.js";
import type { MessageRead } from "./message.js";

const PREFIX: Record<Side, string> = { user: "llm.input_messages", assistant: "llm.output_messages" };
const LEAD: Record<Side, string> = { user: "llm.input_messages.", assistant: "llm.output_messages." };

/**
 * The flattened message list of one side, or null when the span has none. `lists`, when given,
 * reads the conversation's repeated lists (same answers, less work).
 */
export function openInferenceMessages(attrs: Attributes, side: Side, lists?: FlatLists): MessageRead | null {
  if (lists) return lists.read(attrs, LEAD[side], side, messagesOf);
  const tree = flattened(attrs, PREFIX[side]);
  // The input side's `historyCalls` (earlier assistant turns' calls) come from readMessageList.
  return tree ? readMessageList(messagesOf(tree), side) : null;
}

function messagesOf(tree: FlatNode): (Record<string, unknown> | null)[] {
  return tree.indexed().map((node) => message(node.child("message")));
}

function message(node: FlatNode | undefined): Record<string, unknown> | null {
  if (!node) return null;
  const contents = node.child("contents")?.indexed() ?? [];
  // Only text contents: an image part has no text and would leave a stray space in the join.
  const texts = contents.filter((c) => py.or(c.at("message_content", "type"), "text") === "text").map((c) => c.at("message_content", "text"));
  const calls = (node.child("tool_calls")?.indexed() ?? []).map((call) => ({
    id: call.at("tool_call", "id"),
    function: { name: call.at("tool_call", "function", "name"), arguments: call.at("tool_call", "function", "arguments") },
  }));
  // The legacy single function call (`message.function_call_name`) reads as one call without an id.
  const legacyName = node.at("function_call_name");
  if (py.truthy(legacyName)) calls.push({ id: null, function: { name: legacyName, arguments: node.at("function_call_arguments_json") } });
  return {
    role: node.at("role"),
    content: node.at("content") ?? (texts.length ? texts : null),
    tool_call_id: node.at("tool_call_id"),
    tool_calls: calls,
  };
}

function spanKind(attrs: Attributes): string {
  return py.pyStr(py.or(attrs.get("openinference.span.kind"), "")).toUpperCase();
}

/**
 * `input.value` / `output.value`, only on AGENT and LLM spans (a CHAIN's value is often an
 * intermediate prompt): plain text is the user / assistant text; JSON on an LLM span is the
 * provider's request or response body as the instrumentation recorded it, read for its messages
 * when the span has no flattened `llm.*_messages` (an exporter that keeps only the values).
 */
export function openInferenceValue(attrs: Attributes, side: Side): MessageRead | null {
  const kind = spanKind(attrs);
  if (kind !== "AGENT" && kind !== "LLM") return null;
  const prefix = side === "user" ? "input" : "output";
  const value = attrs.get(`${prefix}.value`);
  if (typeof value !== "string" || !value) return null;
  const mime = py.pyStr(py.or(attrs.get(`${prefix}.mime_type`), ""));
  const parsed = parseValue(value);
  if (mime === "application/json" || (mime === "" && parsed !== value)) {
    const messages = kind === "LLM" ? bodyMessages(parsed, side) : null;
    return messages ? readMessageList(messages, side) : null;
  }
  return { texts: [value], calls: [], responses: [], historyCalls: [] };
}

/**
 * The messages of a request body (OpenAI chat `{messages}`, Responses `{input}`) or a response
 * body (chat `{choices: [{message}]}`, Responses `{output}`, an Anthropic message), or null.
 */
function bodyMessages(body: unknown, side: Side): unknown[] | null {
  if (!py.isDict(body)) return null;
  if (side === "user") {
    if (Array.isArray(body.messages)) return body.messages;
    if (typeof body.input === "string" && body.input) return [{ role: "user", content: body.input }];
    return isResponseItems(body.input) ? responseItemsAsMessages(body.input) : null;
  }
  if (Array.isArray(body.choices)) return body.choices.map((choice) => (py.isDict(choice) ? choice.message : null));
  if (isResponseItems(body.output)) return responseItemsAsMessages(body.output);
  return body.role === "assistant" && py.has(body, "content") ? [body] : null;
}

/**
 * A TOOL span as a step. Python only knows `tool.input`, which OpenInference does not write.
 * An error status (`status.code` 2) wraps the result as a failing `gen_ai.tool.status` does.
 */
export function openInferenceToolStep(span: py.Dict, attrs: Attributes): ToolStep | null {
  if (spanKind(attrs) !== "TOOL") return null;
  // `tool.parameters` is the tool's JSON schema, not this call's arguments.
  const args = first(attrs, ["input.value"]);
  const name = py.pyStr(py.or(py.or(attrs.get("tool.name"), py.get(span, "name")), "tool"));
  const output = parseValue(first(attrs, ["output.value"]));
  const status = statusOf(span) || langChainToolStatus(output);
  return { tool: name, arguments: args === null ? {} : parseValue(args), result: failed(span, status, langChainToolResult(output)) };
}
