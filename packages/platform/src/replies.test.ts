/** The replies each call checks and returns typed: what passes as it came, and what is refused naming the field. */
import { describe, expect, it } from "vitest";
import { agents } from "./agents.js";
import { datasets, profile } from "./datasets.js";
import { hfPublish } from "./hf.js";
import { PlatformError } from "./platform-error.js";
import { failure, serverSuite } from "./testing/server-suite.js";
import { cut, sendScore } from "./traces.js";

const suite = serverSuite("whileai-replies-");
const KEY = { apiKey: "k" };

describe("typed replies", () => {
  it("pass through as they came, extra fields and key order included; an empty body is {}", async () => {
    suite.use();
    const listing = { storageBytes: 3, datasets: [{ tags: ["x"], rows: null, sizeBytes: 3, datasetId: "ds_1" }], plan: "free" };
    suite.server.reset([{ status: 200, json: listing }, { status: 200, text: "" }, { status: 200, json: { profile: { tokens: { approx_total: 9 }, n: 2, invalid_lines: 0 } } }]);
    const got = await datasets(KEY);
    expect(got).toEqual(listing);
    expect([Object.keys(got), Object.keys(got.datasets![0]!)]).toEqual([["storageBytes", "datasets", "plan"], ["tags", "rows", "sizeBytes", "datasetId"]]);
    expect(await datasets(KEY)).toEqual({});
    // A caller prints the keys in the order the platform wrote them (the CLI's `wai profile` does).
    expect(Object.keys(await profile("ds_1", KEY))).toEqual(["tokens", "n", "invalid_lines"]);
  });

  it("refuse a field of the wrong type with a PlatformError naming the request, the field and what it held", async () => {
    suite.use();
    suite.server.reset([{ status: 200, json: { datasets: [{ datasetId: 7 }] } }]);
    const error = await failure(datasets(KEY));
    expect(PlatformError.isInstance(error)).toBe(true);
    expect(error!.message).toBe("unexpected reply from GET /datasets: datasets.0.datasetId: expected string, got number");
  });

  it("refuse a reply without the field a call returns, as Python's KeyError does", async () => {
    suite.use();
    suite.server.reset([{ status: 200, json: { slugs: [] } }, { status: 200, json: { cached: true } }]);
    expect((await failure(agents(KEY)))!.message).toBe("unexpected reply from GET /agents: agents: missing (expected array)");
    expect((await failure(profile("ds_1", KEY)))!.message).toBe("unexpected reply from GET /datasets/ds_1/profile: profile: missing (expected object)");
  });

  it("cut: train and holdout are the last made entry of their role, or null", async () => {
    suite.use();
    const made = [{ role: "train", datasetId: "ds_a" }, { role: "train", datasetId: "ds_b", prompts: 4 }];
    suite.server.reset([{ status: 200, json: { made, kind: "rl", holdout: 0.2 } }, { status: 200, json: { made: [{ role: "train" }, "ds_c"] } }]);
    const out = await cut(KEY);
    expect(out.train).toEqual({ role: "train", datasetId: "ds_b", prompts: 4 });
    expect(out.holdout).toBeNull();
    expect((await failure(cut(KEY)))!.message).toBe("unexpected reply from POST /datasets/cut: made.1: expected object, got string");
  });

  it("sendScore checks the reply it returns, and keeps Python's messages when nothing was applied", async () => {
    suite.use();
    suite.server.reset([{ status: 200, json: { applied: [{ traceId: "t1", name: "score" }], unknown: ["t2"] } }, { status: 200, json: { applied: [], unknown: [42] } }]);
    expect(await sendScore({ ...KEY, traceId: "t1", value: 1 })).toEqual({ applied: [{ traceId: "t1", name: "score" }], unknown: ["t2"] });
    expect((await failure(sendScore({ ...KEY, traceId: "t1", value: 1 })))!.message).toMatch(/^No run on this account with that trace id: 42\./);
  });

  it("hfPublish with wait: false returns the stamp as the platform wrote it", async () => {
    suite.use();
    suite.server.reset([{ status: 200, json: { hf: { status: "pushing", repo: "me/x", startedAt: 1718000000 } } }]);
    const stamp = await hfPublish("ds_1", { ...KEY, wait: false });
    expect(stamp).toEqual({ status: "pushing", repo: "me/x", startedAt: 1718000000 });
  });
});
