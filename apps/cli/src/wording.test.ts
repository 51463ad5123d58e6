// The pinned package messages keep Python's words (the conformance vectors compare them word for
// word); `wai` says them with its own commands. Each case takes the text from the package itself,
// so a package that rewords a pinned message fails here instead of slipping past the rewrite.
import { writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createNodeRuntime, fetchRuntime, formatCuts, publishGate, resolveApiKey, setPlatformRuntime } from "@whileai/platform/node";
import { formatTraceReport, onDeprecation, traceReport } from "@whileai/traces";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWai, tempDir } from "./testing/run-wai.js";
import { cliWording } from "./wording.js";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** What no `wai` user can type: the SDK's keyword arguments and function names, the Python login (`reward=0.5` is data, not a hint). */
const PYTHON = /\b(api_key|reward_key|threshold|tools|timeout|label|publish|agent|gate|mode)=|whileai login|whileai\.|wai\.[a-z_]+\(|load_traces|trace_report|push_rows/;

function thrown(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected an error");
}

describe("cliWording of the pinned package messages", () => {
  it("the client's 'No credential' names wai login and --api-key", () => {
    setPlatformRuntime(createNodeRuntime({ env: {}, homeDir: tmp.dir }));
    try {
      const message = thrown(() => resolveApiKey());
      expect(message).toBe("No credential. Run `whileai login`, or pass api_key=..., or set WHILEAI_DELEGATED_CREDENTIAL / WHILEAI_API_KEY.");
      expect(cliWording(message)).toBe("No credential. Run `wai login`, or pass --api-key, or set WHILEAI_DELEGATED_CREDENTIAL / WHILEAI_API_KEY.");
    } finally {
      setPlatformRuntime(fetchRuntime);
    }
  });

  it("formatCuts' next step is the wai command", () => {
    const cases: [unknown, { agent?: string }, string, string][] = [
      [{ rl: { prompts: 3, rows: 9, train: 3 } }, {}, 'next: wai.cut(kind="rl")', "next: wai cut --kind rl"],
      [{ sft: { prompts: 2, train: 2 } }, { agent: "support-bot" }, 'next: wai.cut(agent="support-bot", kind="sft")', "next: wai cut --agent support-bot --kind sft"],
      [{ prompts: 0, noReward: 4 }, {}, 'next: wai.send_score("<trace id>", 1.0)', "next: wai score <trace-id> 1"],
      [{ prompts: 5, more: { prompts: 5 } }, {}, "next: send more runs of the same prompts, then read wai.cuts() again", "next: send more runs of the same prompts, then run wai cuts again"],
    ];
    for (const [report, options, python, cli] of cases) {
      const text = formatCuts(report, options);
      expect(text.endsWith(python)).toBe(true);
      expect(cliWording(text)).toBe(text.slice(0, -python.length) + cli);
    }
  });

  it("the label census and the text report name --reward-key, --threshold and --tools", () => {
    const rows = [
      { prompt: "a", final_text: "x", score: 0.7 },
      { prompt: "b", final_text: "y", reward: 0.5 },
      { prompt: "c", final_text: "z", qwen_reward: 1 },
    ];
    const previous = onDeprecation(() => {});
    const report = traceReport(rows);
    onDeprecation(previous);
    expect(report.warnings).toEqual([
      "1 row carry no label under reward, but they do carry numbers: score (on 1 row). If one of those is your grader's score, name it: load_traces(traces, reward_key='...') or trace_report(traces, reward_key='...').",
      expect.stringMatching(/: pass threshold= to read them as labels\.$/),
      expect.stringMatching(/Name the column instead: reward_key='qwen_reward'\.$/),
    ]);
    const text = formatTraceReport(report);
    expect(text).toContain("(pass tools= to preview it here)");
    const cli = cliWording(text);
    expect(cli).not.toMatch(PYTHON);
    expect(cli).toContain("name it with --reward-key <column> (and --threshold <bar> unless it is 0/1).\n");
    expect(cli).toContain("pass --threshold <bar> to read them as labels.\n");
    expect(cli).toContain("Name the column instead: --reward-key qwen_reward.\n");
    expect(cli.endsWith("(pass --tools <file> to preview it here)")).toBe(true);
    expect(cliWording(text, { toolsGiven: true }).endsWith("(the traces move no value ahead of the plain grid for these --tools)")).toBe(true);
  });

  it("a publish-gate refusal says to push without --gate", () => {
    const message = thrown(() => publishGate([{ prompt: "p", final_text: "x" }, { prompt: "p", final_text: "y" }]));
    expect(message).toMatch(/^ungraded_rl_rows: .* or push with gate: false$/);
    expect(cliWording(message)).toMatch(/ or push without --gate$/);
  });

  it("leaves every other message as it is", () => {
    for (const message of ["GET http://127.0.0.1:1/agents -> 401: invalid API key", "holdout must be a fraction between 0 and 1", "pass purpose, mode, agent or description"]) {
      expect(cliWording(message)).toBe(message);
    }
  });
});

describe("the rewrites where wai prints them", () => {
  // A platform whose presigned upload refuses every PUT, as a storage bucket with a bad signature does.
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        if (req.method === "POST" && req.url === "/datasets") {
          res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ datasetId: "ds_1", uploadUrl: `${url}/upload/ds_1` }));
        } else res.writeHead(403).end("SignatureDoesNotMatch");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("wai push: a failed upload says to split the file, not to pass timeout=", async () => {
    const file = tmp.path("rows.jsonl");
    writeFileSync(file, `${JSON.stringify({ prompt: "p", final_text: "x", reward: 1 })}\n`);
    const result = await runWai(["push", file, "--api-url", url, "--api-key", "k"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`wai: upload of 0 MB failed after 120s: PUT ${url}/upload/ds_1 -> 403: SignatureDoesNotMatch. Split the file and push the parts.\n`);
  });

  it("wai report --tools: no emphasis is not told to pass --tools", async () => {
    const rows = tmp.path("one.jsonl");
    writeFileSync(rows, `${JSON.stringify({ prompt: "hi", steps: [{ tool: "lookup", arguments: {}, result: { ok: true } }], final_text: "ok", reward: 1 })}\n`);
    const tools = tmp.path("tools.json");
    writeFileSync(tools, JSON.stringify([{ type: "function", function: { name: "lookup", parameters: { type: "object", properties: {} } } }]));
    const result = await runWai(["report", rows, "--tools", tools]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/\ngrid emphasis: computed against the agent's tools at simulate time \(the traces move no value ahead of the plain grid for these --tools\)\n$/);
  });
});
