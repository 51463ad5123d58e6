import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { example, runWai, tempDir } from "../testing/run-wai.js";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

interface Harness {
  tools: { type: string; function: { name: string; parameters: { properties: Record<string, { type: string }>; required: string[] } } }[];
  policy: string;
  observed_calls: Record<string, number>;
}

describe("wai harness", () => {
  it("prints drafted tool schemas as JSON", async () => {
    const result = await runWai(["harness", example("support-canonical.jsonl")]);
    expect(result.code).toBe(0);
    const harness = JSON.parse(result.stdout) as Harness;
    expect(Object.keys(harness)).toEqual(["tools", "policy", "observed_calls"]);
    const names = harness.tools.map((tool) => tool.function.name);
    expect(names).toEqual([...names].sort());
    expect(names).toContain("lookup_order");
    const lookup = harness.tools.find((tool) => tool.function.name === "lookup_order");
    expect(lookup?.function.parameters.properties.order_id).toEqual({ type: "string" });
    expect(harness.observed_calls.lookup_order).toBe(52);
    expect(harness.policy).toBe("");
  });

  it("-o writes the file, and it works as --tools for wai report", async () => {
    const file = tmp.path("harness.json");
    const result = await runWai(["harness", example("anthropic-blocks.jsonl"), "-o", file]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("");
    const harness = JSON.parse(readFileSync(file, "utf8")) as Harness;
    expect(result.stderr).toContain(`wrote ${harness.tools.length} tool schemas to ${file}`);
    const report = JSON.parse((await runWai(["report", example("anthropic-blocks.jsonl"), "--tools", file, "--json"])).stdout) as Record<string, unknown>;
    // Every observed tool is in the harness: the report has emphasis but no foreign tools.
    expect(report.emphasis).toBeTypeOf("object");
    expect(report).not.toHaveProperty("foreign_tools");
  });
});
