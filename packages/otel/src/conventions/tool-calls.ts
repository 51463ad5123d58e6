/**
 * Chat-completions style tool traffic inside message lists: an assistant message's
 * `tool_calls: [{id, type: "function", function: {name, arguments}}]` (also the flat
 * `{id, name, arguments}` form OpenLLMetry and Anthropic adapters write), and a
 * `{role: "tool", tool_call_id, content}` message answering one (the deprecated
 * `gen_ai.tool.message` event body calls the id `id`).
 */
import * as py from "@whileai/hash-embed/internal";
import { callArguments, callId, DeferredResponse, type ToolCall, type ToolResponse } from "./message.js";

export function messageToolCalls(message: py.Dict): ToolCall[] {
  const calls: ToolCall[] = [];
  for (const call of py.pyItems(py.get(message, "tool_calls"))) {
    if (!py.isDict(call)) continue;
    const fn = py.get(call, "function");
    const source = py.isDict(fn) ? fn : call;
    const name = py.get(source, "name");
    if (!py.truthy(name)) continue;
    calls.push({ id: callId(py.get(call, "id")), name: py.pyStr(name), arguments: callArguments(py.get(source, "arguments")) });
  }
  return calls;
}

/** The answer a `tool` message carries, or null when it names no call. */
export function toolMessageResponse(message: py.Dict): ToolResponse | null {
  const id = callId(py.or(py.get(message, "tool_call_id"), py.get(message, "id")));
  if (!id) return null;
  return new DeferredResponse(id, py.get(message, "content"));
}
