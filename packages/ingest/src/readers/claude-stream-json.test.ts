import { loadTraces } from "@whileai/traces";
import { describe, expect, it } from "vitest";
import type { Problem } from "../reader.js";
import { fixtureRecords, readAll } from "../testing/fixture-records.js";
import { claudeStreamJsonReader } from "./claude-stream-json.js";
import { RECORD_READERS } from "./index.js";

const records = (name: string) => fixtureRecords(`documented/claude-code/${name}`);

function read(name: string) {
  const { values, problems } = readAll(claudeStreamJsonReader, records(name));
  return { rows: loadTraces(values), problems };
}

describe("claude-stream-json", () => {
  it("is the reader detection picks for stream-json output, and not for transcripts", () => {
    expect(RECORD_READERS.find((r) => r.matches(records("stream.jsonl")[0].value))?.format).toBe("claude-stream-json");
    expect(claudeStreamJsonReader.matches(records("stream.jsonl")[2].value)).toBe(true);
    expect(claudeStreamJsonReader.matches(records("session.jsonl")[5].value)).toBe(false);
    expect(claudeStreamJsonReader.matches({ prompt: "p", session_id: "s" })).toBe(false);
  });

  it("takes final_text and usage from the result line, no reward", () => {
    const { rows, problems } = read("stream.jsonl");
    const session = "5b9e2d71-0f43-4c8a-b6e2-91d7a4c3e580";
    expect(rows).toEqual([
      {
        conversation_id: session,
        session_id: session,
        model_version: "claude-sonnet-4-5-20250929",
        cwd: "/home/dev/weather",
        claude_code_version: "2.0.14",
        steps: [
          { user: "What's the weather in Paris tomorrow?" },
          { tool: "mcp__weather__get_forecast", arguments: { city: "Paris", day: "tomorrow" }, result: { city: "Paris", high_c: 18, low_c: 9, sky: "light rain" } },
          { text: "I'll look up the forecast." },
          { text: "Tomorrow in Paris: light rain, 9-18°C." },
        ],
        first_uuid: "11111111-0000-4000-8000-000000000002",
        final_text: "Tomorrow in Paris: light rain, 9-18°C.",
        result_subtype: "success",
        is_error: false,
        num_turns: 2,
        duration_ms: 6843,
        total_cost_usd: 0.02291,
        stop_reason: "end_turn",
        usage: { input_tokens: 10, output_tokens: 85, cache_creation_input_tokens: 5390, cache_read_input_tokens: 5210 },
        prompt: "What's the weather in Paris tomorrow?",
      },
    ]);
    expect(problems).toEqual([]);
  });

  it("reads a run that hit max turns: the errored tool result, is_error, no final text", () => {
    const { rows, problems } = read("stream-max-turns.jsonl");
    expect(rows).toHaveLength(1);
    expect(rows[0].steps).toEqual([
      { tool: "Bash", arguments: { command: "ls /data", description: "List the data folder" }, result: { error: "ls: cannot access '/data': No such file or directory", status: "error" } },
    ]);
    expect(rows[0]).toMatchObject({ result_subtype: "error_max_turns", is_error: true, prompt: "", final_text: "", usage: { input_tokens: 3, output_tokens: 48, cache_creation_input_tokens: 4980, cache_read_input_tokens: 0 } });
    expect("reward" in rows[0]).toBe(false);
    expect(problems).toEqual([]);
  });

  it("reports partial events and notices, and counts split messages once without a result line", () => {
    const problems: Problem[] = [];
    const msg = (text: string) => ({ id: "msg_x", role: "assistant", model: "m", content: [{ type: "text", text }], usage: { input_tokens: 2, output_tokens: 5 } });
    const rows = claudeStreamJsonReader.read(
      [
        { value: { type: "stream_event", event: { type: "message_start" }, session_id: "s", parent_tool_use_id: null, uuid: "e1" }, line: 1 },
        { value: { type: "assistant", message: msg("a"), session_id: "s", parent_tool_use_id: null, uuid: "a1" }, line: 2 },
        { value: { type: "assistant", message: msg("b"), session_id: "s", parent_tool_use_id: null, uuid: "a2" }, line: 3 },
        { value: { type: "system", subtype: "status", status: "compacting", session_id: "s", uuid: "y1" }, line: 4 },
      ],
      (p) => problems.push(p),
    );
    expect(loadTraces(rows)).toEqual([{ conversation_id: "s", session_id: "s", steps: [{ text: "a\nb" }], first_uuid: "a1", usage: { input_tokens: 2, output_tokens: 5 }, model_version: "m", prompt: "", final_text: "a\nb" }]);
    expect(problems).toEqual([
      { kind: "dropped", line: 1, reason: "partial stream event" },
      { kind: "dropped", line: 4, reason: "system message (status)" },
    ]);
  });
});
