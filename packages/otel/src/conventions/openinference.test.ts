import { describe, expect, it } from "vitest";
import { rowsFromOtel } from "../rows-from-otel.js";
import { exportOf, span } from "../testing/otlp.js";
import { openInferenceMessages, openInferenceValue } from "./openinference.js";
import { decodeAttributes } from "../attributes.js";

// As openinference-instrumentation-openai / -langchain write them: one attribute per leaf.
const TRACE = "6e0c63257de34c92bf9efcd03927272e";
const session = { "session.id": "sess-42" };

const agent = span({
  traceId: TRACE,
  name: "Agent.run",
  start: 100,
  attributes: { ...session, "openinference.span.kind": "AGENT", "input.value": "What's the weather in Paris?", "input.mime_type": "text/plain", "output.value": "Sunny, 24°C.", "output.mime_type": "text/plain" },
});

const llmCall = span({
  traceId: TRACE,
  name: "ChatCompletion",
  start: 200,
  attributes: {
    ...session,
    "openinference.span.kind": "LLM",
    "llm.model_name": "gpt-4o-2024-08-06",
    "input.value": JSON.stringify({ messages: [{ role: "user", content: "What's the weather in Paris?" }], model: "gpt-4o" }),
    "input.mime_type": "application/json",
    "llm.input_messages.0.message.role": "system",
    "llm.input_messages.0.message.content": "You are a weather agent.",
    "llm.input_messages.1.message.role": "user",
    "llm.input_messages.1.message.content": "What's the weather in Paris?",
    "llm.output_messages.0.message.role": "assistant",
    "llm.output_messages.0.message.tool_calls.0.tool_call.id": "call_Zx1",
    "llm.output_messages.0.message.tool_calls.0.tool_call.function.name": "get_weather",
    "llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments": '{"city": "Paris"}',
    "llm.token_count.prompt": 52,
    "llm.token_count.completion": 17,
    "llm.token_count.total": 69,
  },
});

const tool = span({
  traceId: TRACE,
  name: "get_weather",
  start: 300,
  attributes: { ...session, "openinference.span.kind": "TOOL", "tool.name": "get_weather", "tool.description": "Weather by city", "input.value": '{"city": "Paris"}', "output.value": '{"temp_c": 24, "sky": "sunny"}' },
});

const llmAnswer = span({
  traceId: TRACE,
  name: "ChatCompletion",
  start: 400,
  attributes: {
    ...session,
    "openinference.span.kind": "LLM",
    "llm.input_messages.0.message.role": "user",
    "llm.input_messages.0.message.contents.0.message_content.type": "text",
    "llm.input_messages.0.message.contents.0.message_content.text": "What's the weather in Paris?",
    "llm.input_messages.0.message.contents.1.message_content.type": "image",
    "llm.input_messages.0.message.contents.1.message_content.image.image.url": "https://example.com/sky.png",
    "llm.input_messages.1.message.role": "tool",
    "llm.input_messages.1.message.tool_call_id": "call_Zx1",
    "llm.input_messages.1.message.content": '{"temp_c": 24, "sky": "sunny"}',
    "llm.output_messages.0.message.role": "assistant",
    "llm.output_messages.0.message.content": "Sunny, 24°C.",
    "llm.token_count.prompt": 80,
    "llm.token_count.completion": 6,
  },
});

describe("OpenInference spans", () => {
  it("reads flattened messages, TOOL spans and AGENT text values into one row", () => {
    expect(rowsFromOtel(exportOf([llmAnswer, tool, agent, llmCall]))).toEqual([
      {
        prompt: "What's the weather in Paris?",
        steps: [{ tool: "get_weather", arguments: { city: "Paris" }, result: { temp_c: 24, sky: "sunny" } }],
        final_text: "Sunny, 24°C.",
        conversation_id: "sess-42",
        ts: 100,
        // `llm.model_name`: Python reads no model from OpenInference spans, we do.
        model_version: "gpt-4o-2024-08-06",
        usage: { input_tokens: 132, output_tokens: 23 },
        schema_version: "1",
      },
    ]);
  });

  it("makes a step of an output tool call when no TOOL span exists, bound by tool_call_id", () => {
    const [row] = rowsFromOtel([llmCall, llmAnswer]);
    expect(row.steps).toEqual([{ tool: "get_weather", arguments: { city: "Paris" }, result: { temp_c: 24, sky: "sunny" } }]);
  });

  it("wraps a failing TOOL span's result (status code ERROR)", () => {
    const failing = { ...tool, status: { code: 2, message: "timeout" }, events: [{ name: "exception", attributes: [{ key: "exception.message", value: { stringValue: "timeout" } }] }] };
    const [row] = rowsFromOtel([llmCall, failing]);
    expect(row.steps).toEqual([{ tool: "get_weather", arguments: { city: "Paris" }, result: { status: "error", output: { temp_c: 24, sky: "sunny" }, error: "timeout" } }]);
  });
});

describe("openInferenceMessages", () => {
  it("orders messages by numeric index (10 after 9) and is null without the prefix", () => {
    const flat: Record<string, unknown> = {};
    for (let i = 0; i <= 10; i++) Object.assign(flat, { [`llm.input_messages.${i}.message.role`]: "user", [`llm.input_messages.${i}.message.content`]: `m${i}` });
    expect(openInferenceMessages(decodeAttributes(flat), "user")?.texts).toEqual(["m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9", "m10"]);
    expect(openInferenceMessages(decodeAttributes({ "input.value": "x" }), "user")).toBeNull();
  });

  it("reads the legacy single function call as a call without an id", () => {
    const attrs = decodeAttributes({ "llm.output_messages.0.message.role": "assistant", "llm.output_messages.0.message.function_call_name": "lookup", "llm.output_messages.0.message.function_call_arguments_json": '{"q": 1}' });
    expect(openInferenceMessages(attrs, "assistant")?.calls).toEqual([{ id: "", name: "lookup", arguments: { q: 1 } }]);
  });
});

describe("openInferenceValue", () => {
  it("reads plain text on AGENT and LLM spans only, never JSON", () => {
    expect(openInferenceValue(decodeAttributes({ "openinference.span.kind": "AGENT", "input.value": "hi" }), "user")?.texts).toEqual(["hi"]);
    expect(openInferenceValue(decodeAttributes({ "openinference.span.kind": "CHAIN", "input.value": "hi" }), "user")).toBeNull();
    expect(openInferenceValue(decodeAttributes({ "openinference.span.kind": "LLM", "output.value": '{"a": 1}' }), "assistant")).toBeNull();
    expect(openInferenceValue(decodeAttributes({ "openinference.span.kind": "LLM", "output.value": "[x] y", "output.mime_type": "text/plain" }), "assistant")?.texts).toEqual(["[x] y"]);
  });
});

describe("OpenInference input history", () => {
  it("reports earlier assistant tool calls of the input as historyCalls, not as this span's calls", () => {
    const attrs = decodeAttributes({
      "llm.input_messages.0.message.role": "user",
      "llm.input_messages.0.message.content": "Weather?",
      "llm.input_messages.1.message.role": "assistant",
      "llm.input_messages.1.message.tool_calls.0.tool_call.id": "call_1",
      "llm.input_messages.1.message.tool_calls.0.tool_call.function.name": "get_weather",
      "llm.input_messages.1.message.tool_calls.0.tool_call.function.arguments": '{"city":"Paris"}',
      "llm.input_messages.2.message.role": "tool",
      "llm.input_messages.2.message.tool_call_id": "call_1",
      "llm.input_messages.2.message.content": '{"temp_c":18}',
    });
    const read = openInferenceMessages(attrs, "user");
    // turn 1: the call came after the first user text.
    expect(read?.historyCalls).toEqual([{ id: "call_1", name: "get_weather", arguments: { city: "Paris" }, turn: 1 }]);
    expect(read?.calls).toEqual([]);
    expect(read?.responses.map(({ id, response }) => ({ id, response }))).toEqual([{ id: "call_1", response: { temp_c: 18 } }]);
  });
});

describe("OpenInference LLM spans that keep only input.value / output.value", () => {
  const json = (value: unknown) => JSON.stringify(value);
  const call = { id: "call_9", type: "function", function: { name: "calc", arguments: json({ a: 1 }) } };
  const llm = (start: number, input: unknown, output: unknown) =>
    span({ traceId: TRACE, name: "ChatCompletion", start, attributes: { "openinference.span.kind": "LLM", "input.value": json(input), "input.mime_type": "application/json", "output.value": json(output), "output.mime_type": "application/json" } });
  const ask = { role: "user", content: "What is 1 + 1?" };
  const first = llm(1, { messages: [ask], model: "gpt-4o" }, { choices: [{ index: 0, message: { role: "assistant", content: null, tool_calls: [call] } }] });
  const second = llm(2, { messages: [ask, { role: "assistant", content: null, tool_calls: [call] }, { role: "tool", tool_call_id: "call_9", content: '{"sum": 2}' }] }, { choices: [{ message: { role: "assistant", content: "It is 2." } }] });
  const row = { prompt: "What is 1 + 1?", steps: [{ tool: "calc", arguments: { a: 1 }, result: { sum: 2 } }], final_text: "It is 2.", conversation_id: TRACE };

  it("reads the chat request and response bodies as the span's messages", () => {
    expect(rowsFromOtel([first, second])).toEqual([{ ...row, ts: 1, schema_version: "1" }]);
  });

  it("takes the tool call and its result from the last call's request alone", () => {
    expect(rowsFromOtel([second])).toEqual([{ ...row, ts: 2, schema_version: "1" }]);
  });

  it("reads a Responses API body: input text, output items", () => {
    const response = llm(1, { input: "Say hi", model: "gpt-4.1" }, { object: "response", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text: "Hi!" }] }] });
    expect(rowsFromOtel([response])).toMatchObject([{ prompt: "Say hi", final_text: "Hi!" }]);
  });

  it("leaves a JSON value that is no request or response unread", () => {
    expect(rowsFromOtel([llm(1, { temperature: 0 }, { ok: true })])).toEqual([]);
  });
});
