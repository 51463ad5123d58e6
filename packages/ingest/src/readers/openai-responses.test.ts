import { loadTraces } from "@whileai/traces";
import { describe, expect, it } from "vitest";
import type { Problem } from "../reader.js";
import { fixtureRecords, readAll } from "../testing/fixture-records.js";
import { RECORD_READERS } from "./index.js";
import { openaiResponsesReader } from "./openai-responses.js";

const records = (name: string) => fixtureRecords(`documented/openai-responses/${name}`);

function read(name: string) {
  const { values, problems } = readAll(openaiResponsesReader, records(name));
  return { rows: loadTraces(values), problems };
}

describe("openai-responses", () => {
  it("is the reader detection picks for items, logs and Response objects, and for no plain row", () => {
    for (const name of ["items.jsonl", "response-log.jsonl", "response.json"]) {
      expect(RECORD_READERS.find((r) => r.matches(records(name)[0].value))?.format).toBe("openai-responses");
    }
    expect(openaiResponsesReader.matches({ prompt: "p", input: [{ type: "message", role: "user", content: "hi" }] })).toBe(false);
    expect(openaiResponsesReader.matches({ messages: [{ role: "user", content: "hi" }] })).toBe(false);
    expect(openaiResponsesReader.matches({ role: "user", content: "hi" })).toBe(false); // a chat message as much as an item
    expect(openaiResponsesReader.matches({ input: ["hello", "world"], output: { text: "hi there" } })).toBe(false);
  });

  it("reads one conversation's items: parallel calls answered out of order, a later turn, reasoning left out", () => {
    const { rows, problems } = read("items.jsonl");
    expect(rows).toEqual([
      {
        steps: [
          { user: "Compare the weather in Paris and Oslo today." },
          { tool: "get_weather", arguments: { city: "Paris" }, result: { city: "Paris", temp_c: 17 } },
          { tool: "get_weather", arguments: { city: "Oslo" }, result: { city: "Oslo", temp_c: 4 } },
          { text: "Paris is 17°C and Oslo 4°C." },
          { user: "And tomorrow in Oslo?" },
          { tool: "get_forecast", arguments: {}, result: "error: arguments are not valid JSON" },
          { text: "Sorry, I could not get tomorrow's forecast." },
        ],
        instructions: "You are a weather assistant.",
        prompt: "Compare the weather in Paris and Oslo today.",
        final_text: "Sorry, I could not get tomorrow's forecast.",
      },
    ]);
    expect(problems).toEqual([{ kind: "half_read", line: 10, reason: "tool arguments are not a JSON object" }]);
  });

  it("chains request/response logs by previous_response_id and adds up their usage", () => {
    const { rows, problems } = read("response-log.jsonl");
    expect(rows).toEqual([
      {
        steps: [
          { user: "Where is order 4473?" },
          { tool: "lookup_order", arguments: { order_id: "4473" }, result: { status: "shipped", carrier: "UPS" } },
          { text: "Order 4473 has shipped with UPS." },
        ],
        conversation_id: "resp_01a",
        response_id: "resp_01a",
        model_version: "gpt-4.1-2025-04-14",
        instructions: "You help customers with their orders.",
        usage: { input_tokens: 201, output_tokens: 29, total_tokens: 230 },
        prompt: "Where is order 4473?",
        final_text: "Order 4473 has shipped with UPS.",
      },
      {
        steps: [{ user: "What is your refund policy?" }, { text: "Refunds are accepted within 30 days." }],
        conversation_id: "resp_02a",
        response_id: "resp_02a",
        model_version: "gpt-4.1-2025-04-14",
        instructions: "You help customers with their orders.",
        usage: { input_tokens: 60, output_tokens: 25, total_tokens: 85 },
        prompt: "What is your refund policy?",
        final_text: "Refunds are accepted within 30 days.",
      },
    ]);
    expect(problems).toEqual([{ kind: "dropped", line: 3, reason: "item type not read (web_search_call)" }]);
  });

  it("reads a Response object alone: its calls, no prompt it does not hold", () => {
    const { rows, problems } = read("response.json");
    expect(rows).toEqual([
      {
        steps: [{ tool: "lookup_order", arguments: { order_id: "77" } }],
        conversation_id: "resp_05c",
        response_id: "resp_05c",
        model_version: "gpt-4.1-2025-04-14",
        instructions: "You help customers with their orders.",
        usage: { input_tokens: 44, output_tokens: 30, total_tokens: 74 },
        prompt: "",
        final_text: "",
      },
    ]);
    expect(problems).toEqual([]);
  });

  it("reports records that are neither items nor logs, and parts it cannot carry", () => {
    const problems: Problem[] = [];
    const rows = openaiResponsesReader.read(
      [
        { value: { type: "message", role: "user", content: [{ type: "input_text", text: "what is this?" }, { type: "input_image", image_url: "https://example.com/a.png" }] }, line: 1 },
        { value: { hello: "world" }, line: 2 },
        { value: { type: "message", role: "assistant", content: [{ type: "output_text", text: "A cat." }] }, line: 3 },
      ],
      (p) => problems.push(p),
    );
    expect(loadTraces(rows).map((r) => r.steps)).toEqual([[{ user: "what is this?" }, { text: "A cat." }]]);
    expect(problems).toEqual([
      { kind: "dropped", line: 2, reason: "neither a Responses item nor a response log" },
      { kind: "half_read", line: 1, reason: "message part not read (input_image)" },
    ]);
  });
});
