import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { jsonLines, Profiler } from "./profile.js";

function profileOf(rows: unknown[]): Record<string, unknown> {
  const p = new Profiler();
  for (const r of rows) p.add(r, 10);
  return p.result();
}

describe("Profiler", () => {
  it("has no rates on an empty or ungraded set", () => {
    expect(profileOf([])).toMatchObject({ n: 0, graded: 0, pass_rate: null, gradient_support: null, tasks: 0, per_task: [], tokens: { approx_total: 0, approx_per_row: 0 } });
    expect(profileOf([{ prompt: "a", reward: "1" }, { prompt: "b", reward: Number.NaN }])).toMatchObject({ n: 2, graded: 0, pass_rate: null });
  });

  it("counts non-objects as invalid lines, booleans as rewards, and passes only at reward >= 1", () => {
    const p = profileOf([undefined, [1], "x", { task_id: 7, reward: true }, { task_id: 7, reward: 0.99 }, { scenario_id: "s", task_id: 7, reward: false }]);
    expect(p).toMatchObject({ n: 3, invalid_lines: 3, graded: 3, pass_rate: 0.3333, tasks: 2, mixed_tasks: 1, gradient_support: 0.6667 });
    expect(p["per_task"]).toEqual([
      { task: "7", rows: 2, pass_rate: 0.5, mixed: true },
      { task: "s", rows: 1, pass_rate: 0, mixed: false },
    ]);
    expect(p["tokens"]).toEqual({ approx_total: 15, approx_per_row: 5 });
  });

  it("counts tools by use, most used first, skipping malformed steps and calls", () => {
    const steps = [5, { tool: "b" }, { tool_calls: [null, { name: "a" }, { function: { name: "b" } }, { function: "c" }] }, { tool: "" }];
    expect(profileOf([{ steps }, { steps: "nope" }, { steps: [{ tool: "a" }] }])["tool_use"]).toEqual({
      rows_with_tools: 2,
      tool_calls: 4,
      tools: { a: 2, b: 2 },
    });
  });
});

describe("jsonLines", () => {
  it("splits at newlines across chunks, skips blank lines, marks non-JSON, keeps a last line without newline", async () => {
    const text = '{"a": "ü"}\r\n\n  \n{"b":\n[1, 2]';
    const bytes = Buffer.from(text);
    const chunks = [bytes.subarray(0, 9), bytes.subarray(9, 10), bytes.subarray(10)];
    const out = [];
    for await (const line of jsonLines(Readable.from(chunks))) out.push(line);
    expect(out).toEqual([
      { value: { a: "ü" }, bytes: 12 },
      { value: undefined, bytes: 5 },
      { value: [1, 2], bytes: 6 },
    ]);
  });
});
