import { describe, expect, it } from "vitest";
import { decodeAttributes } from "../attributes.js";
import { rowsFromOtel } from "../rows-from-otel.js";
import { exportOf, span } from "../testing/otlp.js";
import { openLlmetryMessages } from "./openllmetry.js";

// As opentelemetry-instrumentation-openai (Traceloop) and the @tool decorator write them.
const TRACE = "a3f1c0de9b8e4f1aa0b1c2d3e4f50617";

const firstCall = span({
  traceId: TRACE,
  name: "openai.chat",
  start: 1_000,
  attributes: {
    "llm.request.type": "chat",
    "gen_ai.system": "OpenAI",
    "gen_ai.request.model": "gpt-4o-mini",
    "gen_ai.prompt.0.role": "system",
    "gen_ai.prompt.0.content": "You book tables.",
    "gen_ai.prompt.1.role": "user",
    "gen_ai.prompt.1.content": "A table for 4 at 7pm, please.",
    "gen_ai.completion.0.role": "assistant",
    "gen_ai.completion.0.finish_reason": "tool_calls",
    "gen_ai.completion.0.tool_calls.0.id": "call_q1",
    "gen_ai.completion.0.tool_calls.0.name": "book_table",
    "gen_ai.completion.0.tool_calls.0.arguments": '{"party_size": 4, "time": "19:00"}',
    "gen_ai.usage.prompt_tokens": 61,
    "gen_ai.usage.completion_tokens": 22,
    "llm.usage.total_tokens": 83,
  },
});

const secondCall = span({
  traceId: TRACE,
  name: "openai.chat",
  start: 3_000,
  attributes: {
    "llm.request.type": "chat",
    "gen_ai.request.model": "gpt-4o-mini",
    "gen_ai.prompt.0.role": "user",
    "gen_ai.prompt.0.content": "A table for 4 at 7pm, please.",
    "gen_ai.prompt.1.role": "assistant",
    "gen_ai.prompt.1.tool_calls.0.id": "call_q1",
    "gen_ai.prompt.1.tool_calls.0.name": "book_table",
    "gen_ai.prompt.2.role": "tool",
    "gen_ai.prompt.2.tool_call_id": "call_q1",
    "gen_ai.prompt.2.content": '{"confirmed": true, "ref": "R-5521"}',
    "gen_ai.completion.0.role": "assistant",
    "gen_ai.completion.0.content": "Booked: reference R-5521.",
    "gen_ai.usage.prompt_tokens": 90,
    "gen_ai.usage.completion_tokens": 9,
  },
});

const toolSpan = span({
  traceId: TRACE,
  name: "book_table.tool",
  start: 2_000,
  attributes: {
    "traceloop.span.kind": "tool",
    "traceloop.entity.name": "book_table",
    "traceloop.entity.input": JSON.stringify({ args: [], kwargs: { party_size: 4, time: "19:00" } }),
    "traceloop.entity.output": JSON.stringify({ confirmed: true, ref: "R-5521" }),
  },
});

const expected = {
  prompt: "A table for 4 at 7pm, please.",
  steps: [{ tool: "book_table", arguments: { party_size: 4, time: "19:00" }, result: { confirmed: true, ref: "R-5521" } }],
  final_text: "Booked: reference R-5521.",
  conversation_id: TRACE,
  ts: 1_000,
  model_version: "gpt-4o-mini",
  usage: { input_tokens: 151, output_tokens: 31 },
  schema_version: "1",
};

describe("OpenLLMetry spans", () => {
  it("reads indexed prompts and completions; a completion's tool call is bound to the tool message", () => {
    expect(rowsFromOtel(exportOf([secondCall, firstCall]))).toEqual([expected]);
  });

  it("takes the Traceloop tool span as the step and does not repeat the completion's call", () => {
    expect(rowsFromOtel(exportOf([secondCall, toolSpan, firstCall]))).toEqual([expected]);
  });
});

describe("openLlmetryMessages", () => {
  it("reads JSON content blocks as text, leaving tool_use blocks out", () => {
    const attrs = decodeAttributes({
      "gen_ai.completion.0.role": "assistant",
      "gen_ai.completion.0.content": JSON.stringify([{ type: "text", text: "Let me look." }, { type: "tool_use", id: "toolu_1", name: "search", input: {} }]),
      "gen_ai.completion.0.tool_calls.0.id": "toolu_1",
      "gen_ai.completion.0.tool_calls.0.name": "search",
      "gen_ai.completion.0.tool_calls.0.arguments": "{}",
    });
    expect(openLlmetryMessages(attrs, "assistant")).toEqual({ texts: ["Let me look."], calls: [{ id: "toolu_1", name: "search", arguments: {} }], responses: [], historyCalls: [] });
  });

  it("is null without indexed keys; the plain gen_ai.prompt string stays Python's", () => {
    expect(openLlmetryMessages(decodeAttributes({ "gen_ai.prompt": "raw" }), "user")).toBeNull();
  });

  it("keeps content that is JSON but no list as its text (an object, padded or not), and reads a padded list", () => {
    const attrs = decodeAttributes({
      "gen_ai.prompt.0.role": "user",
      "gen_ai.prompt.0.content": '{"question": "why?"}',
      "gen_ai.prompt.1.role": "user",
      "gen_ai.prompt.1.content": ' \n{"a": [1]} ',
      "gen_ai.prompt.2.role": "user",
      "gen_ai.prompt.2.content": ' [{"type": "text", "text": "hi"}, {"type": "image"}] ',
    });
    expect(openLlmetryMessages(attrs, "user")?.texts).toEqual(['{"question": "why?"}', ' \n{"a": [1]} ', "hi"]);
  });
});
