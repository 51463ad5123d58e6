import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { example, jsonLines, runWai, tempDir } from "../testing/run-wai.js";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

interface Flaws {
  rows: number;
  flawed_rows: number;
  faulted_rows: number;
  label_fails: number;
  faults: { fault: string; rows: number }[];
  tools: { tool: string; calls: number; faulted: number; faults: { fault: string; calls: number }[] }[];
  inputs: unknown[];
}

describe("wai flaws", () => {
  it("--json counts flawed rows and each tool's faults by chip", async () => {
    const result = await runWai(["flaws", example("support-canonical.jsonl"), "--json"]);
    expect(result.code).toBe(0);
    const flaws = JSON.parse(result.stdout) as Flaws;
    expect(Object.keys(flaws)).toEqual(["rows", "flawed_rows", "faulted_rows", "label_fails", "faults", "tools", "inputs"]);
    expect(flaws).toMatchObject({ rows: 80, flawed_rows: 32, faulted_rows: 23, label_fails: 18 });
    const refund = flaws.tools.find((t) => t.tool === "create_refund");
    expect(refund).toEqual({
      tool: "create_refund",
      calls: 20,
      faulted: 7,
      faults: [
        { fault: "timeout", calls: 3 },
        { fault: "not_found", calls: 2 },
        { fault: "deny", calls: 1 },
        { fault: "500", calls: 1 },
      ],
    });
    for (const tool of flaws.tools) expect(tool.faults.reduce((sum, f) => sum + f.calls, 0)).toBe(tool.faulted);
    expect(flaws.faults.reduce((sum, f) => sum + f.rows, 0)).toBe(flaws.faulted_rows);
  });

  it("prints a table, and -o writes the flawed rows", async () => {
    const out = tmp.path("flawed.jsonl");
    const result = await runWai(["flaws", example("support-canonical.jsonl"), "-o", out]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^flawed rows: 32 of 80 \(23 with a faulted call, 18 with a failing label\)\n\ntool +calls +faulted +faults\n/);
    expect(result.stdout).toMatch(/\ncreate_refund +20 +7 +timeout x3, not_found x2, deny x1, 500 x1\n/);
    expect(jsonLines(readFileSync(out, "utf8"))).toHaveLength(32);
    expect(result.stderr).toContain(`wrote 32 flawed rows to ${out}`);
  });
});
