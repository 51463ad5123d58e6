/** The publish gate wired into pushRows and pushFile, pushed through the recording server. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import * as py from "@whileai/hash-embed/internal";
import { describe, expect, it } from "vitest";
import { PublishGateError } from "../gate/publish-gate.js";
import { wilsonInterval } from "../gate/wilson.js";
import { pushRows } from "../push-rows.js";
import type { Reply } from "../testing/recording-server.js";
import { failure, serverSuite } from "../testing/server-suite.js";
import { pushFile } from "./push-file.js";

const suite = serverSuite("whileai-gate-");
const { dir, use } = suite;
const uploadReplies = (id: string): Reply[] => [
  { status: 200, json: { datasetId: id, uploadUrl: `${suite.server.url}/up/${id}` } },
  { status: 200, text: "" },
  { status: 200, json: { datasetId: id, status: "ready" } },
];
const putRows = (i: number) =>
  suite.server.requests[i]!.body.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>);

// Two runs each of two tasks; task "t1" has a pass and a fail, so the rows may teach RL.
const RL_ROWS = () => [
  { scenario_id: "t1", prompt: "refund 4412", final_text: "done", reward: 1, model_version: "m" },
  { scenario_id: "t1", prompt: "refund 4412", final_text: "sorry", reward: 0, model_version: "m" },
  { scenario_id: "t2", prompt: "where is 9", final_text: "here", reward: 1 },
  { scenario_id: "t2", prompt: "where is 9", final_text: "there", reward: 1 },
];

describe("pushRows with gate: true", () => {
  it("uploads the rows stamped with their task's calibration and returns the gate report", async () => {
    use();
    suite.server.reset(uploadReplies("ds_1"));
    const rows = RL_ROWS();
    const out = await pushRows(rows, "rl-v1", { gate: true, mode: "rl", apiKey: "k" });
    expect(suite.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /datasets", "PUT /up/ds_1", "POST /datasets/ds_1/finalize"]);
    expect(JSON.parse(suite.server.requests[0]!.body)).toEqual({ name: "rl-v1", mode: "rl" });
    const t1 = { task_id: "t1", n: 2, pass_rate: 0.5, mean_kl: null, pass_rate_ci95: wilsonInterval(1, 2) };
    const t2 = { task_id: "t2", n: 2, pass_rate: 1, mean_kl: null, pass_rate_ci95: wilsonInterval(2, 2) };
    const sent = putRows(1);
    expect(sent.map((r) => r["calibration"])).toEqual([
      { ...t1, student: "m" },
      { ...t1, student: "m" },
      { ...t2, student: null },
      { ...t2, student: null },
    ]);
    expect((sent[0]!["calibration"] as { pass_rate_ci95: number[] }).pass_rate_ci95[1]).toBeCloseTo(0.905471, 5);
    // The PUT is Python's JSONL of the stamped rows, which the caller's own objects now are.
    expect(suite.server.requests[1]!.body).toBe(rows.map((r) => py.pyJsonDumps(r) + "\n").join(""));
    expect(out).toMatchObject({ datasetId: "ds_1", status: "ready", gate: { ok: true, rl_shaped: true, mode: "rl", calibration: [t1, t2] } });
  });

  it("stamps before the holdout split, so both datasets carry the calibration", async () => {
    use();
    const rows = Array.from({ length: 40 }, (_, i) => ({ scenario_id: `task-${String(i % 20).padStart(2, "0")}`, prompt: `Q${i % 20}`, reward: i < 20 ? 1 : 0 }));
    suite.server.reset([...uploadReplies("ds_train"), ...uploadReplies("ds_hold")]);
    const out = await pushRows(rows, "rl-v3", { gate: true, mode: "rl", agent: "a", holdout: 0.3, apiKey: "k" });
    expect(suite.server.requests.map((r) => r.path)).toEqual(["/datasets", "/up/ds_train", "/datasets/ds_train/finalize", "/datasets", "/up/ds_hold", "/datasets/ds_hold/finalize"]);
    const train = putRows(1);
    const hold = putRows(4);
    expect(train.length + hold.length).toBe(40);
    expect(hold.length).toBeGreaterThan(0);
    for (const r of [...train, ...hold]) expect(r["calibration"]).toMatchObject({ task_id: r["scenario_id"], n: 2, pass_rate: 0.5 });
    expect((out["gate"] as { signal: unknown }).signal).toEqual({ rows: 40, tasks: 20, graded_rows: 40, graded_tasks: 20, mixed_tasks: 20, in_band_tasks: 20 });
    expect(out["holdout"]).not.toHaveProperty("gate");
  });

  it("refuses before any request, with Python's message", async () => {
    use();
    suite.server.reset(uploadReplies("never"));
    const error = await failure(pushRows([{ prompt: "a" }, { prompt: "a" }], "n", { gate: true, apiKey: "k" }));
    expect(error).toBeInstanceOf(PublishGateError);
    expect(error?.message).toBe(
      'ungraded_rl_rows: 2 rows in 1 tasks look like RL (mode "rl" or a task run more than once) but none has a 0/1 reward; grade them (reward 0 or 1) or push with gate: false',
    );
    const unmixed = await failure(pushRows([{ prompt: "a", reward: 1 }], "n", { gate: true, mode: "rl", apiKey: "k" }));
    expect(unmixed?.message).toMatch(/^no_mixed_groups: none of the 1 graded tasks has both a pass and a fail/);
    expect((await failure(pushRows(RL_ROWS(), "n", { gate: true, strictHacks: true, apiKey: "k" })))?.message).toMatch(/^strictHacks: true is not supported/);
    expect(suite.server.requests).toEqual([]);
  });

  it("leaves rows unstamped and adds no report without the gate", async () => {
    use();
    suite.server.reset(uploadReplies("ds_2"));
    const out = await pushRows(RL_ROWS(), "n", { apiKey: "k" });
    expect(putRows(1).some((r) => "calibration" in r)).toBe(false);
    expect(out).not.toHaveProperty("gate");
  });
});

describe("pushFile with the gate (Python's default)", () => {
  it("reads the rows, stamps them and uploads them re-serialized", async () => {
    use();
    const file = join(dir, "runs.jsonl");
    // CRLF, a blank line and compact JSON: the upload is Python's json.dumps of each row, not the file's bytes.
    writeFileSync(file, '{"prompt":"a","reward":1}\r\n\r\n  {"prompt": "a", "reward": 0, "kl": 0.2}\r\n{"prompt":"\u00fc","final_text":"x"}\n');
    suite.server.reset(uploadReplies("ds_f"));
    const out = await pushFile(file, null, { apiKey: "k", parent: "ds_prev" });
    expect(JSON.parse(suite.server.requests[0]!.body)).toEqual({ name: "runs", parentDatasetId: "ds_prev" });
    const a = { task_id: "a", n: 2, pass_rate: 0.5, mean_kl: 0.2, pass_rate_ci95: wilsonInterval(1, 2), student: null };
    const sent = [
      { prompt: "a", reward: 1, calibration: a },
      { prompt: "a", reward: 0, kl: 0.2, calibration: a },
      { prompt: "\u00fc", final_text: "x" },
    ];
    expect(suite.server.requests[1]!.body).toBe(sent.map((r) => py.pyJsonDumps(r) + "\n").join(""));
    expect(suite.server.requests[1]!.body).toContain('"prompt": "\\u00fc"');
    expect(out).toMatchObject({ datasetId: "ds_f", status: "ready", gate: { ok: true, rl_shaped: true, mode: null } });
  });

  it("feeds mode to the gate only, and refuses before any request", async () => {
    use();
    const file = join(dir, "sft.jsonl");
    writeFileSync(file, '{"prompt": "a"}\n{"prompt": "b"}\n');
    suite.server.reset(uploadReplies("ds_s"));
    expect(await pushFile(file, "sft", { apiKey: "k" })).toMatchObject({ gate: { ok: true, rl_shaped: false } });
    expect(JSON.parse(suite.server.requests[0]!.body)).toEqual({ name: "sft" });
    suite.server.reset(uploadReplies("never"));
    const error = await failure(pushFile(file, "sft", { apiKey: "k", mode: "rl" }));
    expect(error).toBeInstanceOf(PublishGateError);
    expect(error?.message).toMatch(/^ungraded_rl_rows: 2 rows in 2 tasks /);
    expect(suite.server.requests).toEqual([]);
  });

  it("throws on a line that is not JSON before any request", async () => {
    use();
    const file = join(dir, "bad.jsonl");
    writeFileSync(file, '{"prompt": "a", "reward": 1}\nnot json\n');
    suite.server.reset(uploadReplies("never"));
    expect(await failure(pushFile(file, null, { apiKey: "k" }))).toBeInstanceOf(py.PyJsonError);
    expect(suite.server.requests).toEqual([]);
  });
});
