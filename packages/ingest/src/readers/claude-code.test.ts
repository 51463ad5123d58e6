import { loadTraces } from "@whileai/traces";
import { describe, expect, it } from "vitest";
import type { Problem } from "../reader.js";
import { fixtureRecords, readAll } from "../testing/fixture-records.js";
import { claudeCodeReader } from "./claude-code.js";
import { RECORD_READERS } from "./index.js";

const records = (name: string) => fixtureRecords(`documented/claude-code/${name}`);

function read(name: string) {
  const { values, problems } = readAll(claudeCodeReader, records(name));
  return { rows: loadTraces(values), problems };
}

const SESSION = "8c1e4f52-6b0d-4b7e-9d3a-2f5c7a1e9b04";

describe("claude-code-jsonl", () => {
  it("is the reader detection picks for a session file, and for no plain row", () => {
    expect(RECORD_READERS.find((r) => r.matches(records("session.jsonl")[0].value))?.format).toBe("claude-code-jsonl");
    expect(claudeCodeReader.matches(records("session.jsonl")[5].value)).toBe(true);
    expect(claudeCodeReader.matches({ prompt: "p", steps: [] })).toBe(false);
    expect(claudeCodeReader.matches({ messages: [{ role: "user", content: "hi" }] })).toBe(false);
    expect(claudeCodeReader.matches(records("stream.jsonl")[1].value)).toBe(false);
  });

  it("reads the main chain: merged split messages, parallel results, error result, later turn, summary", () => {
    const { rows, problems } = read("session.jsonl");
    expect(rows[0]).toEqual({
      steps: [
        { user: "The date test fails, can you fix it?" },
        {
          tool: "Bash",
          arguments: { command: "npm test", description: "Run the test suite" },
          result: { error: "Exit code 1\nFAIL src/date.test.ts\n  formats ISO dates: expected '2025-10-14' received '2025-10-13'", status: "error" },
        },
        { text: "I'll run the tests first." },
        { tool: "Read", arguments: { file_path: "/home/dev/calendar/src/date.ts" }, result: "     1\texport function formatDate(d: Date): string {\n     2\t  return d.toISOString().slice(0, 10);\n     3\t}" },
        { tool: "Grep", arguments: { pattern: "toISOString", path: "src" }, result: "Found 1 file\nsrc/date.ts" },
        {
          tool: "Task",
          arguments: { description: "Find date helpers", prompt: "List every helper in src/ that formats dates and say which use UTC.", subagent_type: "general-purpose" },
          result: "One helper: formatDate in src/date.ts, and it uses UTC (toISOString).",
        },
        {
          tool: "Edit",
          arguments: { file_path: "/home/dev/calendar/src/date.ts", old_string: "return d.toISOString().slice(0, 10);", new_string: 'return d.toLocaleDateString("en-CA");' },
          result: "The file /home/dev/calendar/src/date.ts has been updated.",
        },
        { text: "Fixed: formatDate now formats in local time, so the test passes." },
        { user: "Thanks! Does lint pass too?" },
        { text: "Yes, lint passes." },
      ],
      conversation_id: SESSION,
      session_id: SESSION,
      first_uuid: "00000000-0000-4000-8000-000000000004",
      // msg_01Hq3 is written on three lines and msg_02Kx9 on two: each counted once.
      usage: { input_tokens: 25, output_tokens: 424, cache_creation_input_tokens: 3302, cache_read_input_tokens: 85152 },
      model_version: "claude-sonnet-4-5-20250929",
      cwd: "/home/dev/calendar",
      claude_code_version: "2.0.14",
      git_branch: "main",
      summary: "Fix the failing date test",
      prompt: "The date test fails, can you fix it?",
      final_text: "Yes, lint passes.",
    });
    expect(problems).toEqual([
      { kind: "dropped", line: 2, reason: "file-history-snapshot record (not conversation)" },
      { kind: "dropped", line: 24, reason: "off the main chain (rewound branch)" },
      { kind: "dropped", line: 25, reason: "off the main chain (rewound branch)" },
      { kind: "dropped", line: 3, reason: "meta message (isMeta: expanded command or caveat)" },
      { kind: "dropped", line: 4, reason: "slash command or local command output" },
      { kind: "dropped", line: 5, reason: "slash command or local command output" },
    ]);
  });

  it("makes the subagent's sidechain its own row", () => {
    const { rows } = read("session.jsonl");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual({
      steps: [
        { user: "List every helper in src/ that formats dates and say which use UTC." },
        { tool: "Grep", arguments: { pattern: "format", path: "src" }, result: "src/date.ts:1:export function formatDate(d: Date): string {" },
        { text: "One helper: formatDate in src/date.ts, and it uses UTC (toISOString)." },
      ],
      conversation_id: `${SESSION}/agent-a7f3c2e1`,
      session_id: SESSION,
      first_uuid: "00000000-0000-4000-8000-000000000014",
      usage: { input_tokens: 20, output_tokens: 62, cache_creation_input_tokens: 0, cache_read_input_tokens: 4860 },
      model_version: "claude-haiku-4-5-20251001",
      cwd: "/home/dev/calendar",
      claude_code_version: "2.0.14",
      git_branch: "main",
      sidechain: true,
      agent_id: "a7f3c2e1",
      prompt: "List every helper in src/ that formats dates and say which use UTC.",
      final_text: "One helper: formatDate in src/date.ts, and it uses UTC (toISOString).",
    });
  });

  it("keeps a compacted session one conversation, without the compaction recap", () => {
    const { rows, problems } = read("session-compacted.jsonl");
    expect(rows).toEqual([
      {
        steps: [
          { user: "Summarise the open issues" },
          { text: "There are 3 open issues; the oldest is #12 (flaky login test)." },
          { user: "Now close the oldest one" },
          { tool: "Bash", arguments: { command: "gh issue close 12", description: "Close issue 12" }, result: "✓ Closed issue #12 (Flaky login test)" },
          { text: "Closed issue #12." },
        ],
        conversation_id: "d41f0b7e-2c6a-4e55-8a09-7b3e1c2f6d10",
        session_id: "d41f0b7e-2c6a-4e55-8a09-7b3e1c2f6d10",
        first_uuid: "00000000-0000-4000-8000-000000000101",
        usage: { input_tokens: 17, output_tokens: 90, cache_creation_input_tokens: 3120, cache_read_input_tokens: 5100 },
        model_version: "claude-opus-4-1-20250805",
        cwd: "/home/dev/tracker",
        claude_code_version: "2.0.14",
        git_branch: "main",
        prompt: "Summarise the open issues",
        final_text: "Closed issue #12.",
      },
    ]);
    expect(problems).toEqual([{ kind: "dropped", line: 4, reason: "compact summary (the recap written after a compaction)" }]);
  });

  it("reports a summary whose conversation is elsewhere and lines that are no transcript", () => {
    const problems: Problem[] = [];
    const rows = claudeCodeReader.read(
      [
        { value: { type: "summary", summary: "Other session", leafUuid: "u-elsewhere" }, line: 1 },
        { value: "junk", line: 2 },
        { value: { type: "user", sessionId: "s", uuid: "u1", parentUuid: null, message: { role: "user", content: [{ type: "text", text: "look" }, { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBOR" } }] } }, line: 3 },
      ],
      (p) => problems.push(p),
    );
    expect(loadTraces(rows).map((r) => r.steps)).toEqual([[{ user: "look" }]]);
    expect(problems).toEqual([
      { kind: "dropped", line: 2, reason: "not a transcript line" },
      { kind: "half_read", line: 3, reason: "image block not read" },
      { kind: "dropped", line: 1, reason: "summary of a conversation not in this source" },
    ]);
  });
});
