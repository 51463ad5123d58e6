/**
 * Claude Code `--output-format stream-json` / the Claude Agent SDK's `SDKMessage` stream: a
 * `system`/`init` line, `assistant` and `user` messages (`session_id`, snake_case), and one
 * `result` line per `query()` call with the run's `result` text, `usage` and `total_cost_usd`
 * (SDKMessage types of @anthropic-ai/claude-agent-sdk; fixtures/documented/claude-code/SOURCE.md).
 *
 * One row per session. `final_text` is the last result's `result`; `usage` adds up the result
 * lines (each covers its own `query()` call, subagents included) and falls back to the assistant
 * messages, once per `message.id`, when a run has no result line. Messages with a
 * `parent_tool_use_id` belong to a subagent and make their own row (`sidechain: true`), as
 * sidechains of a session transcript do. No reward is read: `is_error` says the run failed,
 * not that the answer was wrong.
 */
import * as py from "@whileai/hash-embed/internal";
import type { RecordReader } from "../reader.js";
import { ClaudeConversation, reportUnreadBlocks, sumUsage, userNoise } from "./claude-messages.js";

type Dict = Record<string, unknown>;
const { isDict } = py;

const MESSAGE_TYPES = new Set(["system", "assistant", "user", "result", "stream_event"]);

interface Run {
  readonly order: number;
  readonly conversation: ClaudeConversation;
  readonly row: Dict;
  readonly results: Dict[];
  firstUuid?: string;
}

export const claudeStreamJsonReader: RecordReader = {
  format: "claude-stream-json",

  matches(first) {
    if (!isDict(first) || typeof first.type !== "string" || !MESSAGE_TYPES.has(first.type)) return false;
    if (typeof first.session_id !== "string" || "sessionId" in first) return false;
    if (first.type === "system") return typeof first.subtype === "string";
    if (first.type === "result") return typeof first.subtype === "string" && "is_error" in first;
    if (first.type === "stream_event") return "event" in first;
    return isDict(first.message) && "parent_tool_use_id" in first;
  },

  read(records, problem) {
    const runs = new Map<string, Run>();
    const runOf = (key: string, order: number, sessionId: string): Run => {
      let run = runs.get(key);
      if (run === undefined) runs.set(key, (run = { order, conversation: new ClaudeConversation(), row: { conversation_id: key, session_id: sessionId }, results: [] }));
      return run;
    };
    records.forEach((record, order) => {
      const v = record.value;
      if (!isDict(v) || typeof v.type !== "string" || typeof v.session_id !== "string") {
        problem({ kind: "dropped", line: record.line, reason: "not a stream-json message" });
        return;
      }
      const sessionId = v.session_id;
      const parent = typeof v.parent_tool_use_id === "string" ? v.parent_tool_use_id : undefined;
      if (v.type === "system") {
        if (v.subtype === "init") {
          const run = runOf(sessionId, order, sessionId);
          if (typeof v.model === "string") run.row.model_version = v.model;
          if (typeof v.cwd === "string") run.row.cwd = v.cwd;
          if (typeof v.claude_code_version === "string") run.row.claude_code_version = v.claude_code_version;
        } else if (v.subtype !== "compact_boundary") {
          problem({ kind: "dropped", line: record.line, reason: `system message (${String(v.subtype)})` });
        }
        return;
      }
      if (v.type === "result") {
        runOf(sessionId, order, sessionId).results.push(v);
        return;
      }
      if (v.type !== "user" && v.type !== "assistant") {
        problem({ kind: "dropped", line: record.line, reason: v.type === "stream_event" ? "partial stream event" : `${v.type} message (not conversation)` });
        return;
      }
      const message = v.message;
      if (!isDict(message)) {
        problem({ kind: "dropped", line: record.line, reason: `${v.type} message without a message` });
        return;
      }
      const run = parent === undefined ? runOf(sessionId, order, sessionId) : runOf(`${sessionId}/${parent}`, order, sessionId);
      if (parent !== undefined) {
        run.row.sidechain = true;
        run.row.parent_tool_use_id = parent;
      }
      if (v.type === "user") {
        const noise = v.isSynthetic === true ? "synthetic user message (isSynthetic)" : userNoise(v, message);
        if (noise !== null) {
          problem({ kind: "dropped", line: record.line, reason: noise });
          return;
        }
        reportUnreadBlocks(message, record.line, problem);
        run.conversation.user(message);
      } else {
        if (message.model === "<synthetic>") {
          problem({ kind: "dropped", line: record.line, reason: "synthetic assistant message (API error or no response)" });
          return;
        }
        run.conversation.assistant(message);
      }
      if (run.firstUuid === undefined && typeof v.uuid === "string") run.firstUuid = v.uuid;
    });

    const rows: Dict[] = [];
    for (const run of [...runs.values()].sort((a, b) => a.order - b.order)) {
      const steps = run.conversation.steps();
      const last = run.results[run.results.length - 1];
      if (steps.length === 0 && last === undefined) continue; // an init line alone holds no conversation
      const row: Dict = { ...run.row, steps };
      if (run.firstUuid !== undefined) row.first_uuid = run.firstUuid;
      if (last !== undefined) {
        if (last.is_error !== true && typeof last.result === "string") row.final_text = last.result;
        row.result_subtype = last.subtype;
        row.is_error = last.is_error === true;
        for (const key of ["num_turns", "duration_ms", "total_cost_usd", "stop_reason"] as const) if (last[key] !== undefined) row[key] = last[key];
        if (Array.isArray(last.errors) && last.errors.length > 0) row.errors = last.errors;
      }
      const usage = run.results.length > 0 ? sumUsage(run.results.map((r) => r.usage)) : run.conversation.usage();
      if (usage !== undefined) row.usage = usage;
      if (run.conversation.modelVersion !== undefined) row.model_version = run.conversation.modelVersion;
      rows.push(row);
    }
    return rows;
  },
};
