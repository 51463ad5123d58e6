/**
 * Vercel AI SDK (npm `ai`, versions 4 to 6, and 7's LegacyOpenTelemetry) spans, which carry
 * `ai.*` attributes the Python SDK never reads:
 * - `ai.generateText` / `ai.streamText` / `ai.generateObject` / `ai.streamObject`: the call,
 *   `ai.prompt` = JSON `{system?, prompt?, messages?}`, and its final `ai.response.*`;
 * - their `.doGenerate` / `.doStream` children, one per model call: `ai.prompt.messages` (the
 *   provider prompt, `{role, content: [parts]}`) and `ai.response.text|toolCalls|object`;
 * - `ai.toolCall`: one tool execution (`ai.toolCall.name|id|args|result`, both JSON text).
 * Usage needs nothing here: each model call writes `gen_ai.usage.*`, which Python already
 * sums, while the call span's totals are only in `ai.usage.*`, which is not read (no double count).
 * Conversation and reward from `ai.telemetry.metadata.*` are in constants.ts and assemble.ts.
 */
import * as py from "@whileai/hash-embed/internal";
import { first, type Attributes } from "../attributes.js";
import { AI_SDK_METADATA_PREFIXES } from "../constants.js";
import type { HistoryParser } from "../history-parse.js";
import type { Side } from "../messages.js";
import { statusOf } from "../span-status.js";
import { failed, type ToolStep } from "../tool-span.js";
import { callArguments, callId, emptyRead, type MessageRead, type ToolCall, type ToolResponse } from "./message.js";

const TOOL_NAME = "ai.toolCall.name";
const TOOL_ARGS = "ai.toolCall.args";
const TOOL_RESULT = "ai.toolCall.result";
const CALL_PROMPT = "ai.prompt";
const MODEL_PROMPT = "ai.prompt.messages";
const RESPONSE_TEXTS = ["ai.response.text", "ai.response.object"] as const;
const RESPONSE_CALLS = "ai.response.toolCalls";

/** An `ai.toolCall` span as a step; a failing one (status ERROR) wraps its result with the exception message. */
export function aiSdkToolStep(span: py.Dict, attrs: Attributes): ToolStep | null {
  const name = first(attrs, [TOOL_NAME]);
  if (name === null) return null;
  // Both are JSON.stringify output; without recorded inputs the call took nothing we know of.
  const args = first(attrs, [TOOL_ARGS]);
  const result = first(attrs, [TOOL_RESULT]);
  return {
    tool: py.pyStr(name),
    arguments: args === null ? {} : jsonText(args),
    result: failed(span, statusOf(span), result === null ? null : jsonText(result)),
  };
}

/** What an AI SDK span says was asked or answered, or null when it carries no `ai.prompt*` / `ai.response.*`. */
export function aiSdkMessages(attrs: Attributes, side: Side, history?: HistoryParser): MessageRead | null {
  return side === "user" ? inputs(attrs, history) : outputs(attrs);
}

function inputs(attrs: Attributes, history?: HistoryParser): MessageRead | null {
  const modelPrompt = first(attrs, [MODEL_PROMPT]);
  if (modelPrompt !== null) return readPrompt(history ? history.parse(modelPrompt) : jsonText(modelPrompt));
  const callPrompt = first(attrs, [CALL_PROMPT]);
  if (callPrompt === null) return null;
  const parsed = jsonText(callPrompt);
  if (!py.isDict(parsed)) return readPrompt(parsed);
  // `prompt` is a string or (SDK 5+) a message list; `messages` a message list; `system` is not the user's.
  const read = readPrompt(py.get(parsed, "prompt"));
  const messages = readPrompt(py.get(parsed, "messages"));
  for (const call of messages.historyCalls) read.historyCalls.push({ ...call, turn: call.turn + read.texts.length });
  read.texts.push(...messages.texts);
  read.responses.push(...messages.responses);
  return read;
}

/** User texts and tool results of a prompt: a string is one user text, a list holds messages. */
function readPrompt(prompt: unknown): MessageRead {
  const read = emptyRead();
  if (typeof prompt === "string") {
    if (prompt) read.texts.push(prompt);
    return read;
  }
  for (const message of py.pyItems(prompt)) {
    if (!py.isDict(message)) continue;
    const role = py.get(message, "role");
    if (role === "user") {
      const text = userText(py.get(message, "content"));
      if (text) read.texts.push(text);
    } else if (role === "tool") {
      for (const part of py.pyItems(py.get(message, "content"))) {
        if (py.isDict(part) && py.get(part, "type") === "tool-result") read.responses.push(toolResult(part));
      }
    } else if (role === "assistant") {
      // Earlier turns' calls, repeated in every later prompt: steps when no span of theirs was kept.
      const parts = [...py.pyItems(py.get(message, "content"))].filter((part) => py.isDict(part) && py.get(part, "type") === "tool-call");
      for (const call of toolCalls(parts)) read.historyCalls.push({ ...call, turn: read.texts.length });
    }
  }
  return read;
}

/** A user message's text: the string itself, or its text parts joined with a space (as Python joins content lists). */
function userText(content: unknown): string {
  if (typeof content === "string") return content;
  const texts: string[] = [];
  for (const part of py.pyItems(content)) {
    if (py.isDict(part) && py.get(part, "type") === "text" && py.truthy(py.get(part, "text"))) texts.push(py.pyStr(py.get(part, "text")));
  }
  return texts.join(" ");
}

/**
 * A `tool-result` part's answer. SDK 5+ types it: `output: {type, value}`, where `error-text`,
 * `error-json` and `execution-denied` are failures, written the way a failing tool span is
 * (`{status: "error", output: null, error}`) so a call reads the same with or without its span.
 * SDK 4 writes the raw `result` and an `isError` flag. An output of a type not listed here is
 * kept whole rather than dropped.
 */
function toolResult(part: py.Dict): ToolResponse {
  const id = callId(py.get(part, "toolCallId"));
  if (!py.has(part, "output")) {
    const result = py.get(part, "result");
    return { id, response: py.truthy(py.get(part, "isError")) ? failure(result) : result };
  }
  const output = py.get(part, "output");
  if (!py.isDict(output)) return { id, response: output };
  const type = py.get(output, "type");
  const value = py.get(output, "value");
  if (type === "text" || type === "json" || type === "content") return { id, response: value };
  if (type === "error-text" || type === "error-json") return { id, response: failure(value) };
  if (type === "execution-denied") return { id, response: failure(py.or(py.get(output, "reason"), type)) };
  return { id, response: output };
}

function failure(value: unknown): Record<string, unknown> {
  return { status: "error", output: null, error: typeof value === "string" ? value : py.pyJsonDumps(value) };
}

function outputs(attrs: Attributes): MessageRead | null {
  const text = first(attrs, RESPONSE_TEXTS);
  const calls = first(attrs, [RESPONSE_CALLS]);
  if (text === null && calls === null) return null;
  const read = emptyRead();
  // `ai.response.object` is the object's JSON text, kept as the answer's text.
  if (text !== null) read.texts.push(py.pyStr(text));
  if (calls !== null) read.calls.push(...toolCalls(jsonText(calls)));
  return read;
}

/** `[{toolCallId, toolName, input}]`; SDK 4 says `args`. Input is JSON text (generate) or an object (stream). */
function toolCalls(value: unknown): ToolCall[] {
  const calls: ToolCall[] = [];
  for (const call of py.pyItems(value)) {
    if (!py.isDict(call) || !py.truthy(py.get(call, "toolName"))) continue;
    const input = py.has(call, "input") ? py.get(call, "input") : py.get(call, "args");
    calls.push({ id: callId(py.get(call, "toolCallId")), name: py.pyStr(py.get(call, "toolName")), arguments: callArguments(input) });
  }
  return calls;
}

/** The SDK writes these attributes with JSON.stringify, so any JSON text is read; other text stays as it is. */
function jsonText(value: unknown): unknown {
  return typeof value === "string" ? py.pyJsonLoadsOr(value, value) : value;
}

/**
 * Where a reward is looked for in AI SDK metadata: each reward key as a metadata name
 * (`metadata: {"whileai.reward": 1}`) and its last dotted segment (`metadata: {reward: 1}`),
 * the name a caller writes in a JavaScript object literal.
 */
export function aiSdkRewardKeys(rewardKeys: readonly string[]): string[] {
  const names = new Set<string>();
  for (const key of rewardKeys) {
    names.add(key);
    names.add(key.slice(key.lastIndexOf(".") + 1));
  }
  return [...names].flatMap((name) => AI_SDK_METADATA_PREFIXES.map((prefix) => prefix + name));
}
