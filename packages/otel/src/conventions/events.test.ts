import { describe, expect, it } from "vitest";
import { rowsFromOtel } from "../rows-from-otel.js";
import { exportOf, span } from "../testing/otlp.js";
import { eventMessages } from "./events.js";

// As Semantic Kernel writes the deprecated event form: one span event per message, the body
// as JSON in `gen_ai.event.content`.
const TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const content = (body: unknown) => ({ "gen_ai.event.content": JSON.stringify(body) });

function chat(start: number, events: { name: string; attributes: Record<string, unknown> }[]) {
  return span({ traceId: TRACE, name: "chat.completions gpt-4o", start, attributes: { "gen_ai.operation.name": "chat.completions", "gen_ai.system": "openai", "gen_ai.request.model": "gpt-4o" }, events });
}

describe("deprecated span events", () => {
  it("reads user, tool and choice events, binding the tool answer by id", () => {
    const toolCall = { id: "call_abc", type: "function", function: { name: "WeatherPlugin-GetForecast", arguments: '{"city":"Oslo"}' } };
    const rows = rowsFromOtel(
      exportOf([
        chat(10, [
          { name: "gen_ai.system.message", attributes: content({ role: "system", content: "Be brief." }) },
          { name: "gen_ai.user.message", attributes: content({ role: "user", content: "Forecast for Oslo?" }) },
          { name: "gen_ai.choice", attributes: content({ index: 0, message: { role: "Assistant", content: null }, tool_calls: [toolCall], finish_reason: "ToolCalls" }) },
        ]),
        chat(20, [
          { name: "gen_ai.user.message", attributes: content({ role: "user", content: "Forecast for Oslo?" }) },
          { name: "gen_ai.assistant.message", attributes: content({ role: "assistant", tool_calls: [toolCall] }) },
          { name: "gen_ai.tool.message", attributes: content({ role: "tool", content: '{"temp": -3}', id: "call_abc" }) },
          { name: "gen_ai.choice", attributes: content({ index: 0, message: { role: "Assistant", content: "-3 degrees and snow." }, finish_reason: "Stop" }) },
        ]),
      ]),
    );
    expect(rows).toEqual([
      {
        prompt: "Forecast for Oslo?",
        steps: [{ tool: "WeatherPlugin-GetForecast", arguments: { city: "Oslo" }, result: { temp: -3 } }],
        final_text: "-3 degrees and snow.",
        conversation_id: TRACE,
        ts: 10,
        model_version: "gpt-4o",
        schema_version: "1",
      },
    ]);
  });

  it("reads a body spread over the event's own attributes", () => {
    const [row] = rowsFromOtel([chat(1, [{ name: "gen_ai.user.message", attributes: { content: "flat user" } }, { name: "gen_ai.choice", attributes: { index: 0, finish_reason: "stop", "message.content": "ignored", content: "flat answer" } }])]);
    expect(row).toMatchObject({ prompt: "flat user", final_text: "flat answer" });
  });

  it("reads the older gen_ai.content.prompt / completion events carrying whole lists", () => {
    const [row] = rowsFromOtel([
      chat(1, [
        { name: "gen_ai.content.prompt", attributes: { "gen_ai.prompt": JSON.stringify([{ role: "user", content: "old style" }]) } },
        { name: "gen_ai.content.completion", attributes: { "gen_ai.completion": JSON.stringify([{ role: "assistant", content: "old answer" }]) } },
      ]),
    ]);
    expect(row).toMatchObject({ prompt: "old style", final_text: "old answer" });
  });

  it("is not read when the span has message attributes (the Python keys decide alone)", () => {
    const [row] = rowsFromOtel([
      span({ start: 1, attributes: { "gen_ai.input.messages": JSON.stringify([{ role: "user", content: "attribute" }]) }, events: [{ name: "gen_ai.user.message", attributes: content({ content: "event" }) }] }),
    ]);
    expect(row.prompt).toBe("attribute");
    expect(row.steps).toEqual([]);
  });
});

describe("event forms Python reads nothing from", () => {
  const call = { id: "call_1", type: "function", function: { name: "lookup", arguments: '{"q": "x"}' } };

  it("reads a gen_ai.client.inference.operation.details event's messages, as JSON text or structured values", () => {
    const messages = [{ role: "user", parts: [{ type: "text", content: "Hi there" }] }];
    const [row] = rowsFromOtel([
      chat(1, [{ name: "gen_ai.client.inference.operation.details", attributes: { "gen_ai.input.messages": JSON.stringify(messages), "gen_ai.output.messages": [{ role: "assistant", parts: [{ type: "text", content: "Hello!" }] }] } }]),
    ]);
    expect(row).toMatchObject({ prompt: "Hi there", final_text: "Hello!" });
  });

  it("steps calls carried only in a choice's tool_calls, as a list, JSON text, or a list of JSON texts", () => {
    for (const toolCalls of [[call], JSON.stringify([call]), [JSON.stringify(call)]]) {
      const [row] = rowsFromOtel([chat(1, [{ name: "gen_ai.user.message", attributes: { content: "q" } }, { name: "gen_ai.choice", attributes: { index: 0, finish_reason: "tool_calls", tool_calls: toolCalls } }])]);
      expect(row.steps).toEqual([{ tool: "lookup", arguments: { q: "x" }, result: null }]);
    }
    const [inner] = rowsFromOtel([chat(1, [{ name: "gen_ai.choice", attributes: content({ index: 0, message: { role: "assistant", tool_calls: [call] } }) }])]);
    expect(inner.steps).toEqual([{ tool: "lookup", arguments: { q: "x" }, result: null }]);
  });

  it("reads a choice whose message is JSON text of the message, or the text itself", () => {
    const asJson = content({ index: 0, message: JSON.stringify({ role: "assistant", content: "From JSON." }) });
    expect(rowsFromOtel([chat(1, [{ name: "gen_ai.choice", attributes: asJson }])])[0].final_text).toBe("From JSON.");
    const asText = content({ index: 0, message: '{"not": "a message"}' });
    expect(rowsFromOtel([chat(1, [{ name: "gen_ai.choice", attributes: asText }])])[0].final_text).toBe('{"not": "a message"}');
  });

  it("reads plain text in gen_ai.event.content as the message content", () => {
    expect(rowsFromOtel([chat(1, [{ name: "gen_ai.user.message", attributes: { "gen_ai.event.content": "Plain prompt" } }])])[0].prompt).toBe("Plain prompt");
  });

  it("steps the calls of gen_ai.assistant.message history events when no choice or span recorded them", () => {
    const [row] = rowsFromOtel([
      chat(1, [
        { name: "gen_ai.user.message", attributes: { content: "q" } },
        { name: "gen_ai.assistant.message", attributes: { tool_calls: [JSON.stringify(call)] } },
        { name: "gen_ai.tool.message", attributes: { id: "call_1", content: "answer" } },
        { name: "gen_ai.choice", attributes: { index: 0, message: { role: "assistant", content: "done" } } },
      ]),
    ]);
    expect(row).toMatchObject({ prompt: "q", steps: [{ tool: "lookup", arguments: { q: "x" }, result: "answer" }], final_text: "done" });
  });
});

describe("eventMessages", () => {
  it("is null for a span without message events", () => {
    expect(eventMessages({ events: [{ name: "exception", attributes: [] }, null] }, "user")).toBeNull();
    expect(eventMessages({ events: 5 }, "assistant")).toBeNull();
  });
});
