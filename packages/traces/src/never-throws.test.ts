// Traces come from production exports of every vintage: whatever JSON a row holds, the analysis
// must answer, never crash. Python raises on a few malformed shapes (an int `steps`, a string
// inside `tool_calls`); we skip those pieces instead.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadTraces } from "./rows/load.js";
import { mineTraces } from "./mine.js";
import { traceReport } from "./report/trace-report.js";
import { formatTraceReport } from "./report/format-trace-report.js";

const KEYS = [
  "prompt", "question", "input", "task", "steps", "tool_trace", "trace", "messages", "final_text", "output",
  "reward", "qwen_reward", "score", "tool", "arguments", "result", "role", "content", "tool_calls", "type",
  "id", "tool_use_id", "tool_call_id", "is_error", "name", "function", "status", "error", "faults", "mode",
  "world_state", "scenario_id", "text", "user",
];

/** JSON values biased toward the keys our readers look at, nested a few levels. */
const traceLike = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.jsonValue({ maxDepth: 1 }),
    tie("object"),
    fc.array(tie("value"), { maxLength: 4 }),
  ),
  object: fc.dictionary(fc.constantFrom(...KEYS), tie("value"), { maxKeys: 6 }),
}));

const arrays = [
  fc.array(fc.jsonValue(), { maxLength: 8 }),
  fc.array(traceLike.object, { maxLength: 8 }),
  fc.array(traceLike.value, { maxLength: 8 }),
];

describe("analysis on arbitrary JSON rows", () => {
  for (const [i, rows] of arrays.entries()) {
    it(`loadTraces, mineTraces and traceReport never throw (generator ${i})`, () => {
      fc.assert(
        fc.property(rows, (input) => {
          const loaded = loadTraces(input as unknown[]);
          expect(Array.isArray(loaded)).toBe(true);
          mineTraces(input as unknown[]);
          mineTraces(loaded);
          const report = traceReport(input as unknown[]);
          expect(typeof formatTraceReport(report)).toBe("string");
        }),
        { numRuns: 400 },
      );
    });
  }
});
