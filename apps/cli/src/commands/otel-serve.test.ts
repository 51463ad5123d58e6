// `wai otel serve` as a child process, fed by a separate agent process that exports spans with the
// official OpenTelemetry JS SDK and OTLP/HTTP exporter, configured only by the endpoint line wai
// printed. After SIGTERM the rows file holds one row per conversation.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { isolatedEnv, runWai, startWai, scratchDir, type WaiProcess, removeScratchDirs, type Env } from "../testing/platform-fixture.js";

// The agent runs in this package's directory, where the OpenTelemetry SDK and exporters are dev dependencies.
const CLI_PACKAGE = fileURLToPath(new URL("../../", import.meta.url));

/** Two conversations: a chat that calls a tool and is graded 1, and a one-turn chat graded 0. */
const AGENT = `
import { BasicTracerProvider, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-FORMAT";
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter())] });
const tracer = provider.getTracer("support-agent");
const user = (text) => JSON.stringify([{ role: "user", parts: [{ type: "text", content: text }] }]);
const said = (text) => JSON.stringify([{ role: "assistant", parts: [{ type: "text", content: text }] }]);
function conversation(id, prompt, answer, reward, tool) {
  const root = tracer.startSpan("invoke_agent support", { attributes: { "gen_ai.conversation.id": id, "whileai.reward": reward } });
  if (tool) {
    tracer.startSpan("execute_tool lookup_order", { attributes: { "gen_ai.conversation.id": id, "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "lookup_order", "gen_ai.tool.call.id": "c1", "gen_ai.tool.call.arguments": JSON.stringify({ order_id: "A-1" }), "gen_ai.tool.call.result": JSON.stringify({ status: "shipped" }) } }).end();
  }
  tracer.startSpan("chat gpt-4o", { attributes: { "gen_ai.conversation.id": id, "gen_ai.operation.name": "chat", "gen_ai.input.messages": user(prompt), "gen_ai.output.messages": said(answer) } }).end();
  root.end();
}
conversation("conv-1", "Where is A-1?", "A-1 shipped.", 1, true);
conversation("conv-2", "Do you ship to Mars?", "No.", 0, false);
await provider.forceFlush();
await provider.shutdown();
`;

function runAgent(endpoint: string, format: "http" | "proto"): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", AGENT.replace("exporter-trace-otlp-FORMAT", `exporter-trace-otlp-${format}`)], {
      cwd: CLI_PACKAGE,
      env: { PATH: process.env["PATH"], OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

afterAll(removeScratchDirs);

const running: WaiProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop("SIGKILL")));
});

function receiver(args: string[], env: Env): WaiProcess {
  const p = startWai(["otel", "serve", "--port", "0", ...args], { env });
  running.push(p);
  return p;
}

interface Row {
  prompt: string;
  final_text: string;
  reward: number;
  steps: { tool?: string }[];
  conversation_id: string;
}

const rowsOf = (text: string) =>
  text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Row)
    .sort((a, b) => a.conversation_id.localeCompare(b.conversation_id));

describe("wai otel serve", () => {
  for (const format of ["http", "proto"] as const) {
    it(`OTLP/HTTP ${format === "http" ? "JSON" : "protobuf"} from the official exporter becomes rows in --out, written on SIGTERM`, async () => {
      const dir = scratchDir("wai-otel-");
      const out = join(dir, "rows.jsonl");
      const p = receiver(["--out", out], isolatedEnv(dir));
      const [, endpoint] = await p.waitFor(/OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=(\S+)\n/);
      expect(endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/traces$/);
      expect(await runAgent(endpoint!, format)).toEqual({ code: 0, stderr: "" });
      // Idle conversations are written only after --idle-ms (30 s by default): nothing yet.
      expect(readFileSync(out, "utf8")).toBe("");
      expect(await p.stop("SIGTERM")).toEqual({ code: 0, signal: null });
      const rows = rowsOf(readFileSync(out, "utf8"));
      expect(rows).toMatchObject([
        { conversation_id: "conv-1", prompt: "Where is A-1?", final_text: "A-1 shipped.", reward: 1, steps: [{ tool: "lookup_order" }] },
        { conversation_id: "conv-2", prompt: "Do you ship to Mars?", final_text: "No.", reward: 0 },
      ]);
      expect(p.stderr()).toMatch(/\nwai: \d+ requests \(0 rejected\), 5 spans, 2 rows written\n$/);
    });
  }

  it("without --out the rows go to stdout, after --idle-ms of quiet", async () => {
    const dir = scratchDir("wai-otel-");
    const p = receiver(["--idle-ms", "200"], isolatedEnv(dir));
    const [, endpoint] = await p.waitFor(/OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=(\S+)\n/);
    expect((await runAgent(endpoint!, "http")).code).toBe(0);
    await p.waitFor(/"conv-2"[^\n]*\n[^\n]*"conv-1"|"conv-1"[^\n]*\n[^\n]*"conv-2"/);
    expect(rowsOf(p.stdout()).map((r) => r.conversation_id)).toEqual(["conv-1", "conv-2"]);
    expect(await p.stop("SIGINT")).toEqual({ code: 0, signal: null });
  });

  it("a malformed body is refused and counted, the receiver keeps running", async () => {
    const dir = scratchDir("wai-otel-");
    const p = receiver(["--out", join(dir, "rows.jsonl")], isolatedEnv(dir));
    const [, endpoint] = await p.waitFor(/OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=(\S+)\n/);
    const res = await fetch(endpoint!, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{not json" });
    expect(res.status).toBe(400);
    expect((await runAgent(endpoint!, "http")).code).toBe(0);
    expect(await p.stop("SIGTERM")).toEqual({ code: 0, signal: null });
    expect(p.stderr()).toMatch(/\nwai: \d+ requests \(1 rejected\), 5 spans, 2 rows written\nwai: warning: 1 request refused \(malformed, too large or wrong route\); each exporter was told why\n$/);
  });

  it("an --out that cannot be written is one line, exit 1, before listening", async () => {
    const dir = scratchDir("wai-otel-");
    writeFileSync(join(dir, "file"), "");
    const result = await runWai(["otel", "serve", "--port", "0", "--out", join(dir, "file", "rows.jsonl")], { env: isolatedEnv(dir) });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^wai: cannot write .*file\/rows\.jsonl: ENOTDIR/);
    expect(result.stderr.split("\n")).toHaveLength(2);
  });

  it("--ui serves the explorer with its live stream's address, streams each row, and still stops on SIGTERM with the stream open", async () => {
    const dir = scratchDir("wai-otel-");
    const out = join(dir, "rows.jsonl");
    const p = receiver(["--ui", "--idle-ms", "200", "--out", out], isolatedEnv(dir));
    const [, endpoint] = await p.waitFor(/OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=(\S+)\n/);
    const [, page] = await p.waitFor(/trace explorer, live: (\S+)\n/);
    expect(page).toBe(endpoint!.replace(/v1\/traces$/, ""));
    const html = await (await fetch(page!)).text();
    expect(html).toContain('<meta name="whileai-live" content="api/live" />');
    // The rest of the page is the explorer's build as the CLI's build copied it.
    expect(html.replace('<meta name="whileai-live" content="api/live" />\n  ', "")).toBe(readFileSync(new URL("../../dist/ui/index.html", import.meta.url), "utf8"));
    const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)![1];
    const asset = await fetch(`${page}${script}`);
    expect([asset.status, asset.headers.get("content-type")]).toEqual([200, "text/javascript; charset=utf-8"]);
    expect((await fetch(`${page}assets/no-such-file.js`)).status).toBe(404);

    const stream = await fetch(`${page}api/live`);
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    const agent = runAgent(endpoint!, "http");
    while ((text.match(/\nevent: row\n/g) ?? []).length < 2) text += (await reader.read()).value ?? "";
    expect((await agent).code).toBe(0);
    const ids = [...text.matchAll(/^id: (\S+)$/gm)].map((m) => m[1]);
    const run = (JSON.parse(/event: hello\ndata: (.+)\n/.exec(text)![1]!) as { run: string }).run;
    expect(ids).toEqual([`${run}:1`, `${run}:2`]);
    const streamed = [...text.matchAll(/^event: row\ndata: (.+)$/gm)].map((m) => JSON.parse(m[1]!) as Row);
    expect(streamed.map((r) => r.conversation_id).sort()).toEqual(["conv-1", "conv-2"]);
    // The stream stays open: the receiver ends it as it stops, rather than wait for the page to leave.
    expect(await p.stop("SIGTERM")).toEqual({ code: 0, signal: null });
    expect(rowsOf(readFileSync(out, "utf8"))).toEqual(streamed.sort((a, b) => a.conversation_id.localeCompare(b.conversation_id)));
    // The page's requests are not OTLP requests: the totals count the exporter's alone.
    expect(p.stderr()).toMatch(/\nwai: \d+ requests \(1 rejected\), 5 spans, 2 rows written\n/);
  });

  it("--ui without the explorer's built files is one line naming the missing path, exit 1, before listening", async () => {
    // In process, the command runs from src/, where no build put a ui/ folder.
    const dir = scratchDir("wai-otel-");
    const result = await runWai(["otel", "serve", "--ui", "--port", "0"], { env: isolatedEnv(dir) });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^wai: --ui needs the explorer's built files, and \S+\/src\/ui\/index\.html is missing \(ENOENT\); run npm run build in the repository, which copies apps\/web\/dist there\n$/);
  });
});
