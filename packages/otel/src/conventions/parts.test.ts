import { describe, expect, it } from "vitest";
import { rowsFromOtel } from "../rows-from-otel.js";
import { exportOf, span } from "../testing/otlp.js";
import { partsText, partsToolCalls, partsToolResponses } from "./parts.js";

// As opentelemetry-instrumentation-openai-v2 writes them with
// OTEL_SEMCONV_STABILITY_OPT_IN=gen_ai_latest_experimental: JSON strings of structured messages.
const TRACE = "0af7651916cd43dd8448eb211c80319c";
const system = { role: "system", parts: [{ type: "text", content: "You are a weather bot." }] };
const user = { role: "user", parts: [{ type: "text", content: "Weather in Paris today?" }] };
const call = { role: "assistant", parts: [{ type: "reasoning", content: "I should call the tool." }, { type: "tool_call", id: "call_VSPygqK", name: "get_weather", arguments: { location: "Paris" } }], finish_reason: "tool_call" };
const answer = { role: "tool", parts: [{ type: "tool_call_response", id: "call_VSPygqK", response: "rainy, 57°F" }] };
const final = { role: "assistant", parts: [{ type: "text", content: "It is rainy and 57°F in Paris." }], finish_reason: "stop" };

function chat(start: number, input: unknown[], output: unknown[]) {
  return span({
    traceId: TRACE,
    name: "chat gpt-4o",
    start,
    attributes: { "gen_ai.operation.name": "chat", "gen_ai.request.model": "gpt-4o", "gen_ai.input.messages": JSON.stringify(input), "gen_ai.output.messages": JSON.stringify(output) },
  });
}

const toolSpan = (start: number, id: string) =>
  span({
    traceId: TRACE,
    name: "execute_tool get_weather",
    start,
    attributes: { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "get_weather", "gen_ai.tool.call.id": id, "gen_ai.tool.call.arguments": '{"location": "Paris"}', "gen_ai.tool.call.result": "rainy, 57°F" },
  });

describe("structured parts messages", () => {
  it("reads text, turns a tool_call into a step bound to its response, and keeps reasoning out", () => {
    const rows = rowsFromOtel(exportOf([chat(1_000, [system, user], [call]), chat(3_000, [system, user, call, answer], [final])]));
    expect(rows).toEqual([
      {
        prompt: "Weather in Paris today?",
        steps: [{ tool: "get_weather", arguments: { location: "Paris" }, result: "rainy, 57°F" }],
        final_text: "It is rainy and 57°F in Paris.",
        conversation_id: TRACE,
        ts: 1_000,
        model_version: "gpt-4o",
        schema_version: "1",
      },
    ]);
  });

  it("never counts a call twice when an execute_tool span records it", () => {
    const [row] = rowsFromOtel(exportOf([chat(1_000, [system, user], [call]), toolSpan(2_000, "call_VSPygqK"), chat(3_000, [system, user, call, answer], [final])]));
    expect(row.steps).toEqual([{ tool: "get_weather", arguments: { location: "Paris" }, result: "rainy, 57°F" }]);
  });

  it("matches an execute_tool span without a call id by the tool's name", () => {
    const bare = toolSpan(2_000, "");
    const [row] = rowsFromOtel(exportOf([chat(1_000, [system, user], [call]), bare, chat(3_000, [system, user, call, answer], [final])]));
    expect(row.steps).toHaveLength(1);
  });

  it("accepts the `result` spelling and ids with stray spaces, as pydantic-ai emits them", () => {
    const spaced = { role: "assistant", parts: [{ type: "tool_call", id: " call_1", name: "lookup", arguments: '{"id": 7}' }] };
    const result = { role: "tool", parts: [{ type: "tool_call_response", id: "call_1 ", result: { found: true } }] };
    const [row] = rowsFromOtel(exportOf([chat(1, [user], [spaced]), chat(2, [user, spaced, result], [final])]));
    expect(row.steps).toEqual([{ tool: "lookup", arguments: { id: 7 }, result: { found: true } }]);
  });

  it("reads messages given as real arrays of kvlists; an array of JSON strings stays unread, as in Python", () => {
    const asKvlist = {
      traceId: TRACE,
      startTimeUnixNano: "1",
      attributes: [
        {
          key: "gen_ai.input.messages",
          value: { arrayValue: { values: [{ kvlistValue: { values: [{ key: "role", value: { stringValue: "user" } }, { key: "parts", value: { arrayValue: { values: [{ kvlistValue: { values: [{ key: "type", value: { stringValue: "text" } }, { key: "content", value: { stringValue: "from a kvlist" } }] } }] } } }] } }] } },
        },
        { key: "gen_ai.output.messages", value: { arrayValue: { values: [{ stringValue: JSON.stringify(final) }] } } },
      ],
    };
    const [row] = rowsFromOtel([asKvlist]);
    expect(row).toMatchObject({ prompt: "from a kvlist", final_text: "" });
  });
});

describe("partsText", () => {
  it("joins text parts with a space and skips reasoning, media and tool parts", () => {
    const message = { role: "assistant", parts: [{ type: "text", content: "a" }, { type: "reasoning", content: "hidden" }, { type: "uri", modality: "image", uri: "x" }, { content: "untyped" }, { type: "text", text: "b" }] };
    expect(partsText(message)).toBe("a untyped b");
  });
});

describe("partsToolCalls / partsToolResponses", () => {
  it("reads ids trimmed, arguments parsed, and skips nameless calls", () => {
    const message = { parts: [{ type: "tool_call", id: " c1 ", name: "f", arguments: "[1]" }, { type: "tool_call", id: "c2" }, { type: "tool_call", name: "g" }] };
    expect(partsToolCalls(message)).toEqual([{ id: "c1", name: "f", arguments: [1] }, { id: "", name: "g", arguments: {} }]);
    const responses = partsToolResponses({ parts: [{ type: "tool_call_response", id: "c1", response: null, result: "ignored" }] });
    expect(responses.map(({ id, response }) => ({ id, response }))).toEqual([{ id: "c1", response: null }]);
  });
});
