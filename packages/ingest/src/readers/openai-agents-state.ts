/**
 * The OpenAI Agents JS SDK's serialized run state (`result.state.toString()`, RunState JSON,
 * `$schemaVersion` 1.x of @openai/agents-core; captures in fixtures/captures/openai-agents/): the
 * run's `originalInput` (text or items, a continued conversation's history included) followed by
 * the `rawItem` of each `generatedItems` entry. One row per state. `final_text` is the final
 * output when the run finished (`currentStep.type: "next_step_final_output"`); `usage` is
 * `context.usage`, which covers this run only, not the runs its history came from.
 */
import * as py from "@whileai/hash-embed/internal";
import type { RecordReader } from "../reader.js";
import { stepsFromItems } from "./openai-responses.js";

type Dict = Record<string, unknown>;
const { isDict } = py;

/** Generated items that carry no transcript item of their own. */
const SILENT_ITEMS = new Set(["reasoning_item"]);

export const openaiAgentsStateReader: RecordReader = {
  format: "openai-agents-run-state",

  matches(first) {
    return isDict(first) && typeof first.$schemaVersion === "string" && "originalInput" in first && Array.isArray(first.generatedItems);
  },

  read(records, problem) {
    const rows: Dict[] = [];
    for (const record of records) {
      const state = record.value;
      if (!isDict(state) || !("originalInput" in state) || !Array.isArray(state.generatedItems)) {
        problem({ kind: "dropped", line: record.line, reason: "not a RunState" });
        continue;
      }
      const line = record.line;
      const items: { item: unknown; line: number }[] = [];
      const input = state.originalInput;
      if (typeof input === "string") items.push({ item: { type: "message", role: "user", content: input }, line });
      else if (Array.isArray(input)) for (const item of input) items.push({ item, line });
      for (const generated of state.generatedItems) {
        if (!isDict(generated) || SILENT_ITEMS.has(generated.type as string)) continue;
        // An approval request repeats a call that is not run yet: the call item itself stands for it.
        if (generated.type === "tool_approval_item") {
          problem({ kind: "half_read", line, reason: "tool call awaiting approval" });
          continue;
        }
        items.push({ item: generated.rawItem, line });
      }
      const row: Dict = { steps: stepsFromItems(items, problem) };
      const step = state.currentStep;
      if (isDict(step) && step.type === "next_step_final_output") {
        row.final_text = typeof step.output === "string" ? step.output : JSON.stringify(step.output);
      } else if (isDict(step) && step.type === "next_step_interruption") row.status = "interrupted";
      const usage = isDict(state.context) ? state.context.usage : undefined;
      if (isDict(usage)) {
        const out: Dict = {};
        for (const [from, to] of [["inputTokens", "input_tokens"], ["outputTokens", "output_tokens"], ["totalTokens", "total_tokens"], ["requests", "requests"]] as const) {
          if (typeof usage[from] === "number") out[to] = usage[from];
        }
        if (Object.keys(out).length > 0) row.usage = out;
      }
      if (isDict(state.currentAgent) && typeof state.currentAgent.name === "string") row.agent_name = state.currentAgent.name;
      if (typeof state.currentTurn === "number") row.turns = state.currentTurn;
      const trace = state.trace;
      if (isDict(trace) && typeof trace.group_id === "string") row.conversation_id = trace.group_id;
      if (isDict(trace) && typeof trace.id === "string") row.trace_id = trace.id;
      const responses = Array.isArray(state.modelResponses) ? state.modelResponses : [];
      const last = responses[responses.length - 1];
      if (isDict(last) && typeof last.responseId === "string") row.response_id = last.responseId;
      rows.push(row);
    }
    return rows;
  },
};
