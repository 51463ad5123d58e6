import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import * as main from "../index.js";
import * as node from "./index.js";
import { loadTraces, loadTracesFile, loadTracesWithReport } from "./load-file.js";

const dir = mkdtempSync(join(tmpdir(), "load-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function file(lines: string[]): string {
  const path = join(dir, `t${n++}.jsonl`);
  writeFileSync(path, lines.join("\n") + "\n");
  return path;
}

const TRACES = [
  '{"question": "Where is order 4473?", "tool_trace": [{"tool": "lookup_order", "input": {"order_id": "4473"}, "output": {"status": "shipped"}}], "final": "Shipped.", "reward": "0", "extra": "kept"}',
  '"not a row"',
  "{}",
  "",
  '{"prompt": "cancel", "score": 0.75}',
];

describe("loadTracesFile", () => {
  it("loads a JSONL file as loadTraces loads its parsed lines, with a report", async () => {
    const report = await loadTracesFile(file(TRACES), { rewardKey: "score", threshold: 0.5 });
    const expected = main.loadTraces(TRACES.filter(Boolean).map((line) => JSON.parse(line)), { rewardKey: "score", threshold: 0.5 });
    expect(report.rows).toEqual(expected);
    expect(report.rows.map((row) => row.reward)).toEqual([undefined, 1]);
    expect(report.dropped).toEqual({ not_object: 1, no_signal: 1 });
    expect(report.invalid_lines).toEqual({ count: 0, lines: [] });
  });

  it("throws at the first invalid line by default, as Python does", async () => {
    const path = file(['{"prompt": "a"}', "{broken", '{"prompt": "b"}']);
    await expect(loadTracesFile(path)).rejects.toMatchObject({ name: "JsonlLineError", line: 2, file: path });
  });

  it("skips invalid lines on request, counting all and listing the first 20", async () => {
    const lines = Array.from({ length: 30 }, (_, i) => (i % 2 ? "nope" : `{"prompt": "p${i}"}`));
    const report = await loadTracesFile(file(lines), { onInvalid: "skip" });
    expect(report.rows).toHaveLength(15);
    expect(report.invalid_lines.count).toBe(15);
    expect(report.invalid_lines.lines).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]);
    const many = await loadTracesFile(file(Array.from({ length: 25 }, () => "x")), { onInvalid: "skip" });
    expect(many.invalid_lines).toEqual({ count: 25, lines: Array.from({ length: 20 }, (_, i) => i + 1) });
  });

  it("names a bad option", async () => {
    await expect(loadTracesFile(file(["{}"]), { onInvalid: "warn" } as never)).rejects.toThrow(/loadTracesFile: option onInvalid/);
    await expect(loadTracesFile(file(["{}"]), { reward_key: "x" } as never)).rejects.toThrow(/unknown option "reward_key"/);
  });
});

describe("loadTraces (node)", () => {
  it("reads a path or file URL like Python's load_traces(str)", async () => {
    const path = file(TRACES);
    const rows = await loadTraces(path);
    expect(rows.map((row) => row.prompt)).toEqual(["Where is order 4473?", "cancel"]);
    expect(rows[0].reward).toBe(0);
    expect(await loadTraces(pathToFileURL(path))).toEqual(rows);
  });

  it("takes everything the main entry takes, synchronously for arrays", () => {
    const rows = loadTraces([{ prompt: "a" }, 1]);
    expect(rows).toEqual([{ prompt: "a", steps: [], final_text: "" }]);
    expect(loadTraces({ prompt: "dict" })).toEqual([]);
  });

  it("is the node entry's loadTraces, and the node entry is a superset of the main one", () => {
    expect(node.loadTraces).toBe(loadTraces);
    expect(node.loadTracesWithReport).toBe(loadTracesWithReport);
    for (const name of Object.keys(main)) expect(name in node, name).toBe(true);
    expect(node.mineTraces).toBe(main.mineTraces);
  });
});

describe("loadTracesWithReport (node)", () => {
  it("reports invalid lines for a path, and drop counts for values", async () => {
    const report = await loadTracesWithReport(file(['{"prompt": "a"}', "x"]), { onInvalid: "skip" });
    expect(report).toEqual({ rows: [{ prompt: "a", steps: [], final_text: "" }], dropped: { not_object: 0, no_signal: 0 }, half_read: 0, invalid_lines: { count: 1, lines: [2] } });
    expect(loadTracesWithReport([5, { prompt: "b" }])).toEqual({ rows: [{ prompt: "b", steps: [], final_text: "" }], dropped: { not_object: 1, no_signal: 0 }, half_read: 0 });
  });
});
