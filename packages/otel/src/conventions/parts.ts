/**
 * GenAI structured messages `{role, parts: [...]}` (gen-ai-input-messages.json): `text` parts
 * are the message's text, `tool_call` parts the calls, `tool_call_response` parts the answers
 * (`response`, or the `result` spelling the registry's example used and emitters ship).
 * `reasoning` and every media or server-tool part stay out of the transcript.
 */
import * as py from "@whileai/hash-embed/internal";
import { callArguments, callId, DeferredResponse, type ToolCall, type ToolResponse } from "./message.js";

function partsOf(message: py.Dict): unknown[] {
  const parts = py.get(message, "parts");
  return Array.isArray(parts) ? parts : [];
}

function partType(part: py.Dict): string {
  return py.pyStr(py.or(py.get(part, "type"), ""));
}

/**
 * The text parts joined with a space, as Python joins a `content` list. A part without a
 * `type` but with string `content` counts as text (GenericPart allows it); `text` is read
 * when `content` is missing because some emitters use that key.
 */
export function partsText(message: py.Dict): string {
  const texts: string[] = [];
  for (const part of partsOf(message)) {
    if (!py.isDict(part)) continue;
    const type = partType(part);
    const content = py.or(py.get(part, "content"), py.get(part, "text"));
    if (type === "text" || (type === "" && typeof content === "string")) {
      if (py.truthy(content)) texts.push(py.pyStr(content));
    }
  }
  return texts.join(" ");
}

export function partsToolCalls(message: py.Dict): ToolCall[] {
  const calls: ToolCall[] = [];
  for (const part of partsOf(message)) {
    if (!py.isDict(part) || partType(part) !== "tool_call") continue;
    const name = py.get(part, "name");
    if (!py.truthy(name)) continue;
    calls.push({ id: callId(py.get(part, "id")), name: py.pyStr(name), arguments: callArguments(py.get(part, "arguments")) });
  }
  return calls;
}

export function partsToolResponses(message: py.Dict): ToolResponse[] {
  const responses: ToolResponse[] = [];
  for (const part of partsOf(message)) {
    if (!py.isDict(part) || partType(part) !== "tool_call_response") continue;
    const value = py.has(part, "response") ? part.response : part.result;
    responses.push(new DeferredResponse(callId(py.get(part, "id")), value));
  }
  return responses;
}
