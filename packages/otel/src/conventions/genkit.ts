/**
 * Genkit (js/core/src/tracing/instrumentation.ts, js/core/src/action.ts, js/ai/src/model-types.ts):
 * every action runs in a span labelled `genkit:type: action`, `genkit:metadata:subtype`
 * (`model`, `tool`, `flow`, `util`, ...) and `genkit:name`, with `genkit:input` /
 * `genkit:output` as JSON text and `genkit:state` `success` or `error`.
 * - A `model` span's input is a ModelRequest `{messages: [{role, content: [part]}]}`, its output
 *   a ModelResponse `{message, finishReason, usage: {inputTokens, outputTokens}}` (older
 *   responses: `candidates[0].message`). Roles are `system`, `user`, `model`, `tool`; parts are
 *   `{text}`, `{toolRequest: {name, ref?, input}}`, `{toolResponse: {name, ref?, output}}`,
 *   media and `{reasoning}` (not transcript).
 * - A `tool` span is one tool call: input the arguments, output the result. It carries no call
 *   id, so it absorbs the model's call of the same name.
 * `flow` and `util` spans (the `generate` loop) repeat what the model spans say and are not read.
 */
import * as py from "@whileai/hash-embed/internal";
import type { Attributes } from "../attributes.js";
import { readMessageList, type Side } from "../messages.js";
import { failed, type ToolStep } from "../tool-span.js";
import { jsonText } from "./json-text.js";
import type { MessageRead } from "./message.js";
import { ownUsage, type OwnUsage } from "./own-usage.js";

function subtype(attrs: Attributes): string | null {
  if (!attrs.has("genkit:type")) return null;
  return py.pyStr(py.or(attrs.get("genkit:metadata:subtype"), ""));
}

export function genkitMessages(attrs: Attributes, side: Side): MessageRead | null {
  if (subtype(attrs) !== "model") return null;
  if (side === "user") {
    const request = jsonText(attrs.get("genkit:input") ?? null);
    const messages = py.isDict(request) ? [...py.pyItems(py.get(request, "messages"))] : [];
    return readMessageList(messages.flatMap(chatMessages), side);
  }
  const message = responseMessage(jsonText(attrs.get("genkit:output") ?? null));
  return readMessageList(message ? chatMessages(message) : [], side);
}

function responseMessage(response: unknown): unknown {
  if (!py.isDict(response)) return null;
  const message = py.get(response, "message");
  if (message !== null) return message;
  const [candidate] = [...py.pyItems(py.get(response, "candidates"))];
  return py.isDict(candidate) ? py.get(candidate, "message") : null;
}

/** One Genkit message as chat messages: a `tool` message answers each of its calls in turn. */
function chatMessages(message: unknown): py.Dict[] {
  if (!py.isDict(message)) return [];
  const parts = [...py.pyItems(py.get(message, "content"))].filter(py.isDict);
  const role = py.pyStr(py.or(py.get(message, "role"), ""));
  if (role === "tool") {
    return parts
      .map((part) => py.get(part, "toolResponse"))
      .filter(py.isDict)
      .map((response) => ({ role: "tool", tool_call_id: py.get(response, "ref"), content: py.get(response, "output") }));
  }
  // Genkit's own `text` joins a message's text parts with nothing between them.
  const text = parts.map((part) => py.get(part, "text")).filter((t): t is string => typeof t === "string").join("");
  const calls = parts
    .map((part) => py.get(part, "toolRequest"))
    .filter(py.isDict)
    .map((request) => ({ id: py.get(request, "ref"), name: py.get(request, "name"), arguments: py.get(request, "input") }));
  return [{ role: role === "model" ? "assistant" : role, content: text, tool_calls: calls }];
}

/** A `tool` span as a step; `genkit:state: error` marks a failure. */
export function genkitToolStep(span: py.Dict, attrs: Attributes): ToolStep | null {
  if (subtype(attrs) !== "tool") return null;
  const name = py.pyStr(py.or(py.or(attrs.get("genkit:name"), py.get(span, "name")), "tool"));
  const args = jsonText(attrs.get("genkit:input") ?? null);
  const output = attrs.get("genkit:output");
  const state = py.pyStr(py.or(attrs.get("genkit:state"), ""));
  return { tool: name, arguments: args ?? {}, result: failed(span, state, output === undefined ? null : jsonText(output)) };
}

/** A `model` span's usage, from its response. */
export function genkitUsage(attrs: Attributes): OwnUsage | null {
  if (subtype(attrs) !== "model") return null;
  const response = jsonText(attrs.get("genkit:output") ?? null);
  const usage = py.isDict(response) ? py.get(response, "usage") : null;
  return py.isDict(usage) ? ownUsage(py.get(usage, "inputTokens"), py.get(usage, "outputTokens")) : null;
}
