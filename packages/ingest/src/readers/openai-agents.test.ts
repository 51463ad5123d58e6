import { loadTraces } from "@whileai/traces";
import { describe, expect, it } from "vitest";
import { fixtureRecords, readAll } from "../testing/fixture-records.js";
import { RECORD_READERS } from "./index.js";

// Real captures of @openai/agents (fixtures/emitters/openai-agents/generate.mjs).
const records = (name: string) => fixtureRecords(`captures/openai-agents/${name}`);

function read(name: string) {
  const all = records(name);
  const reader = RECORD_READERS.find((r) => r.matches(all[0].value));
  const { values, problems } = reader === undefined ? { values: [], problems: [] } : readAll(reader, all);
  return { format: reader?.format, rows: loadTraces(values), problems };
}

const ORDER = { order_id: "4473", status: "shipped", carrier: "UPS", eta: "2025-03-14" };
const TWO_TURNS = [
  { user: "Where is order 4473?" },
  { tool: "lookup_order", arguments: { order_id: "4473" }, result: ORDER },
  { text: "Order 4473 has shipped with UPS; it should arrive on 2025-03-14." },
  { user: "Thanks!" },
  { text: "You're welcome!" },
];
const FAILED = [
  { user: "Where is order 9999?" },
  { tool: "lookup_order", arguments: { order_id: "9999" }, result: { error: "An error occurred while running the tool. Please try again.", status: "error" } },
  { text: "I couldn't find order 9999. Could you check the number?" },
];

describe("OpenAI Agents JS captures", () => {
  it("reads result.history (camelCase Responses items) of a two-turn run", () => {
    expect(read("history.json")).toEqual({
      format: "openai-responses",
      rows: [{ steps: TWO_TURNS, prompt: "Where is order 4473?", final_text: "You're welcome!" }],
      problems: [],
    });
  });

  it("reads the SDK's record of a tool that threw as an error result", () => {
    expect(read("history-tool-error.json")).toEqual({
      format: "openai-responses",
      rows: [{ steps: FAILED, prompt: "Where is order 9999?", final_text: "I couldn't find order 9999. Could you check the number?" }],
      problems: [],
    });
  });

  it("reads result.state.toString(): history included, this run's usage, the final output", () => {
    const cases = [
      { file: "state.json", steps: TWO_TURNS, usage: [131, 9, 140, 1], turns: 1, response: "resp_3" },
      { file: "state-tool-error.json", steps: FAILED, usage: [138, 32, 170, 2], turns: 2, response: "resp_5" },
    ];
    for (const c of cases) {
      const [input_tokens, output_tokens, total_tokens, requests] = c.usage;
      const final_text = (c.steps[c.steps.length - 1] as { text: string }).text;
      expect(read(c.file)).toEqual({
        format: "openai-agents-run-state",
        rows: [{ steps: c.steps, final_text, usage: { input_tokens, output_tokens, total_tokens, requests }, agent_name: "Support", turns: c.turns, response_id: c.response, prompt: c.steps[0].user }],
        problems: [],
      });
    }
  });
});
