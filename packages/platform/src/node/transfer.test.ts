import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hfPublish, importHf, type PollClock } from "../hf.js";
import { pushRows } from "../push-rows.js";
import { failure, serverSuite } from "../testing/server-suite.js";
import { pull } from "./pull.js";
import { pushFile } from "./push-file.js";

const suite = serverSuite("whileai-transfer-");
const { dir, use } = suite;
const FAST = { baseDelayMs: 1, maxDelayMs: 2 };

describe("pushFile", () => {
  it("streams the file's exact bytes, retries the PUT after a dropped connection, reports progress", async () => {
    use();
    const file = join(dir, "big.jsonl");
    const text = '{"prompt": "\u00fc"}\r\n'.repeat(200_000);
    writeFileSync(file, text);
    suite.server.reset([
      { status: 200, json: { datasetId: "d", uploadUrl: `${suite.server.url}/up?sig=1` } },
      { drop: true },
      { status: 200, text: "" },
      { status: 200, json: { datasetId: "d", status: "ready" } },
    ]);
    const seen: number[] = [];
    const out = await pushFile(file, null, { gate: false, apiKey: "k", retry: FAST, onProgress: (p) => seen.push(p.bytes) });
    expect(out).toEqual({ datasetId: "d", status: "ready" });
    expect(suite.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /datasets", "PUT /up?sig=1", "PUT /up?sig=1", "POST /datasets/d/finalize"]);
    expect(JSON.parse(suite.server.requests[0]!.body)).toEqual({ name: "big" });
    expect(suite.server.requests[2]!.body).toBe(text);
    expect(seen.at(-1)).toBe(Buffer.byteLength(text));
  });
});

describe("pushRows", () => {
  it("never retries the create POST", async () => {
    use();
    suite.server.reset([{ drop: true }, { status: 200, json: {} }]);
    expect((await failure(pushRows([{ prompt: "p" }], "n", { apiKey: "k", retry: FAST })))?.message).toMatch(/^POST .*\/datasets failed: /);
    expect(suite.server.requests).toHaveLength(1);
  });
});

describe("pull", () => {
  it("streams parts to a file, stripped and joined, restarting a part whose connection dropped", async () => {
    use();
    const out = join(dir, "out.jsonl");
    writeFileSync(out, "old content that must go away entirely\n".repeat(10));
    suite.server.reset([
      { status: 200, json: { parts: [`${suite.server.url}/p0`, `${suite.server.url}/p1`, `${suite.server.url}/p2`] } },
      { status: 200, text: " \n{\"a\": 1}\n\n" },
      { drop: true },
      { status: 200, text: "\t\r\n" },
      { status: 200, text: "{\"b\": 2}\n{\"c\": 3}  " },
    ]);
    expect(await pull("ds", out, { apiKey: "k" })).toBe(out);
    expect(readFileSync(out, "utf8")).toBe('{"a": 1}\n{"b": 2}\n{"c": 3}\n');
  });
  it("writes an empty file when every part is blank", async () => {
    use();
    const out = join(dir, "empty.jsonl");
    suite.server.reset([{ status: 200, json: { parts: [`${suite.server.url}/p0`] } }, { status: 200, text: " \n " }]);
    await pull("ds", out, { apiKey: "k" });
    expect(readFileSync(out, "utf8")).toBe("");
  });
});

/** A clock whose pauses pass at once, so the deadline comes after the same polls on any machine. */
function fakeClock(): PollClock & { pauses: number[] } {
  let seconds = 0;
  const pauses: number[] = [];
  return {
    now: () => seconds,
    sleep: async (s) => {
      pauses.push(s);
      seconds += s;
    },
    pauses,
  };
}

describe("hf polling", () => {
  it("hfPublish gives up at the deadline with int(timeout) in the message", async () => {
    use();
    suite.server.reset([{ status: 200, json: { hf: {} } }, ...Array.from({ length: 50 }, () => ({ status: 200, json: { hf: { status: "pushing" } } }))]);
    const clock = fakeClock();
    const error = await failure(hfPublish("ds", { apiKey: "k", timeout: 0.05, poll: 0.02, clock }));
    expect(error?.message).toBe("Hugging Face push still running after 0 s; check hf on the row later");
    // Polls at 0, 0.02, 0.04 and 0.06 s, the first past the deadline.
    expect(clock.pauses).toEqual([0.02, 0.02, 0.02]);
    expect(suite.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /datasets/ds/hf-publish", ...Array<string>(4).fill("GET /datasets/ds")]);
  });
  it("importHf gives up at the deadline naming the dataset", async () => {
    use();
    suite.server.reset([{ status: 200, json: { datasetId: "ds_i", status: "importing" } }, ...Array.from({ length: 50 }, () => ({ status: 200, json: { datasetId: "ds_i", status: "importing" } }))]);
    const clock = fakeClock();
    const error = await failure(importHf("a/b", { apiKey: "k", timeout: 1.9, poll: 0.4, clock }));
    expect(error?.message).toBe("import of a/b:train still running after 1 s; it is ds_i");
    // Polls at 0.4, 0.8, 1.2, 1.6 and 2.0 s, the last past the deadline.
    expect(clock.pauses).toEqual(Array<number>(5).fill(0.4));
    expect(suite.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /datasets/import-hf", ...Array<string>(5).fill("GET /datasets/ds_i")]);
  });
});
