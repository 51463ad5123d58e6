/** OTLP ingest, scores, cuts and cut: the real client against the real server over 127.0.0.1. */
import { ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { agents, call, cut, cuts, datasets, pull, purgeAgent, sendScore } from "@whileai/platform/node";
import { afterEach, describe, expect, it } from "vitest";
import type { PlatformServer } from "./server.js";
import { platformFailure as failure, serverWithAccounts } from "./testing/server.js";

const open: PlatformServer[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

async function start() {
  const { server, keys } = await serverWithAccounts("alice");
  open.push(server);
  return { server, apiKey: keys[0]! };
}

const str = (v: string) => ({ stringValue: v });
const attrs = (a: Record<string, string | number>) =>
  Object.entries(a).map(([key, v]) => ({ key, value: typeof v === "number" ? { doubleValue: v } : str(v) }));

let spanN = 0;
function span(traceId: string, name: string, attributes: Record<string, string | number>) {
  spanN++;
  return { traceId, spanId: spanN.toString(16).padStart(16, "0"), name, startTimeUnixNano: String(1767225600000000000n + BigInt(spanN) * 1000n), attributes: attrs(attributes) };
}

function llmSpan(traceId: string, scenario: string, extra: Record<string, string | number> = {}) {
  return span(traceId, "chat", {
    "zeroproof.scenario_id": scenario,
    "gen_ai.agent.name": "Support Bot",
    "gen_ai.input.messages": JSON.stringify([{ role: "user", content: `solve ${scenario}` }]),
    "gen_ai.output.messages": JSON.stringify([{ role: "assistant", content: `answer ${traceId.slice(-4)}` }]),
    ...extra,
  });
}

function toolSpan(traceId: string) {
  return span(traceId, "execute_tool lookup", { "gen_ai.tool.name": "lookup", "gen_ai.tool.call.arguments": '{"id": 7}', "gen_ai.tool.call.result": '{"ok": true}' });
}

const otlp = (spans: unknown[], resource: Record<string, string> = { "service.name": "svc" }) => ({
  resourceSpans: [{ resource: { attributes: attrs(resource) }, scopeSpans: [{ scope: { name: "t" }, spans }] }],
});

const tid = (n: number) => n.toString(16).padStart(32, "0");

async function postTraces(server: PlatformServer, apiKey: string | null, body: string | Uint8Array, contentType: string, query = "") {
  const headers: Record<string, string> = { "Content-Type": contentType };
  if (apiKey) headers["X-Api-Key"] = apiKey;
  return fetch(`${server.url}/v1/traces${query}`, { method: "POST", headers, body });
}

/** One OTLP protobuf request body of one span, made by the OpenTelemetry SDK's own serializer. */
async function protobufBody(scenario: string, reward: number): Promise<Uint8Array> {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  provider
    .getTracer("pb")
    .startSpan("chat", {
      startTime: [1767225700, 0],
      attributes: {
        "zeroproof.scenario_id": scenario,
        "gen_ai.agent.name": "support-bot",
        "gen_ai.input.messages": JSON.stringify([{ role: "user", content: `solve ${scenario}` }]),
        "whileai.reward": reward,
      },
    })
    .end([1767225701, 0]);
  await provider.forceFlush();
  return ProtobufTraceSerializer.serializeRequest(exporter.getFinishedSpans())!;
}

interface Report {
  prompts: number;
  runs: number;
  noReward: number;
  kinds: Record<string, { prompts: number }>;
  rl: Record<string, unknown>;
  sft: Record<string, unknown>;
  more: { prompts: number };
  groups: { prompt: string; kind: string; graded: number; passes: number }[];
  filter: Record<string, string>;
}

type Row = Record<string, unknown>;

/**
 * 16 runs of support-bot: five scenarios with one pass and one fail (the RL band), one solved, one
 * failed, one with a single pass (needs more runs), one ungraded. Rewards arrive as span
 * attributes, as sendScore calls (single and batch), and in one protobuf request.
 */
async function seed(server: PlatformServer, apiKey: string) {
  const spans: unknown[] = [];
  const scoreLater: { traceId: string; value: number | boolean }[] = [];
  let n = 0;
  for (let i = 1; i <= 5; i++) {
    spans.push(llmSpan(tid(++n), `band-${i}`, { "whileai.reward": 1 }), toolSpan(tid(n)));
    spans.push(llmSpan(tid(++n), `band-${i}`));
    scoreLater.push({ traceId: tid(n), value: false });
  }
  for (const s of ["solved", "solved", "fail", "fail"]) {
    spans.push(llmSpan(tid(++n), s));
    scoreLater.push({ traceId: tid(n), value: s === "solved" ? 1 : 0 });
  }
  spans.push(llmSpan(tid(++n), "ungraded"));
  const res = await postTraces(server, apiKey, JSON.stringify(otlp(spans)), "application/json");
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ traces: 15, runs: 15 });
  const pb = await postTraces(server, apiKey, await protobufBody("once", 1), "application/x-protobuf");
  expect(pb.status).toBe(200);
  expect(pb.headers.get("content-type")).toBe("application/x-protobuf");
  expect((await pb.arrayBuffer()).byteLength).toBe(0);
  const [single, ...batch] = scoreLater;
  expect(await sendScore({ apiKey, traceId: single!.traceId, value: single!.value })).toEqual({ applied: [{ traceId: tid(2), name: "score" }] });
  const out = await sendScore({ apiKey, scores: batch });
  expect((out["applied"] as unknown[]).length).toBe(batch.length);
}

describe("POST /v1/traces, /v1/scores, /traces/cuts, /datasets/cut", () => {
  it("groups runs by scenario into the RL band and SFT, cuts task-disjoint train and holdout sets, and purges them", async () => {
    const { server, apiKey } = await start();
    await seed(server, apiKey);
    // Another agent's trace, named by the query parameter over the span attribute: the purge must leave it.
    const other = await postTraces(server, apiKey, JSON.stringify(otlp([llmSpan(tid(99), "elsewhere")])), "application/json", "?agent=Other%20Bot");
    expect(other.status).toBe(200);

    const report = (await cuts({ apiKey, agent: "Support-Bot" })) as Report;
    expect(report).toMatchObject({
      prompts: 8,
      runs: 16,
      noReward: 1,
      kinds: { fail: { prompts: 1 }, band: { prompts: 5 }, solved: { prompts: 1 } },
      rl: { prompts: 5, rows: 10, support: 0.6667, passRate: 0.5, train: 4, holdout: 1 },
      sft: { prompts: 7, rows: 7, train: 6, holdout: 1 },
      more: { prompts: 1 },
      filter: { agent: "support-bot", from: "all" },
    });
    const kinds = Object.fromEntries(report.groups.map((g) => [g.prompt, g.kind]));
    expect(kinds).toEqual({
      "band-1": "band", "band-2": "band", "band-3": "band", "band-4": "band", "band-5": "band",
      solved: "solved", fail: "fail", ungraded: "ungraded", once: "more",
    });

    const rl = await cut({ apiKey, agent: "support-bot", kind: "rl" });
    expect(rl["band"]).toEqual([0.2, 0.8]);
    const train = rl["train"] as Row;
    const holdout = rl["holdout"] as Row;
    expect(train).toMatchObject({ role: "train", rows: 8, prompts: 4, purpose: "train", mode: "rl", agent: "support-bot", status: "ready" });
    expect(holdout).toMatchObject({ role: "holdout", rows: 2, prompts: 1, purpose: "holdout", parentDatasetId: train["datasetId"] });
    const trainRows = (await pull(String(train["datasetId"]), null, { apiKey })) as Row[];
    const heldRows = (await pull(String(holdout["datasetId"]), null, { apiKey })) as Row[];
    const tasks = (rows: Row[]) => new Set(rows.map((r) => r["scenario_id"]));
    expect(tasks(trainRows).size).toBe(4);
    expect([...tasks(heldRows)].filter((t) => tasks(trainRows).has(t))).toEqual([]);
    for (const rows of [trainRows, heldRows]) {
      for (const t of tasks(rows)) expect(rows.filter((r) => r["scenario_id"] === t).map((r) => r["reward"]).sort()).toEqual([0, 1]);
    }
    const passing = trainRows.find((r) => r["reward"] === 1)!;
    expect(passing).toMatchObject({ prompt: `solve ${String(passing["scenario_id"])}`, schema_version: "1" });
    expect(passing["steps"]).toEqual([{ tool: "lookup", arguments: { id: 7 }, result: { ok: true } }]);

    const sft = await cut({ apiKey, agent: "support-bot", kind: "sft", holdout: 0, name: "best" });
    expect(sft["holdout"]).toBeNull();
    const best = (await pull(String((sft["train"] as Row)["datasetId"]), null, { apiKey })) as Row[];
    expect(best.map((r) => r["scenario_id"]).sort()).toEqual(["band-1", "band-2", "band-3", "band-4", "band-5", "once", "solved"]);
    expect(best.every((r) => r["reward"] === 1)).toBe(true);

    const listed = (await agents({ apiKey })) as Row[];
    expect(listed.find((a) => a["slug"] === "support-bot")).toMatchObject({ traces: 16, sets: { train: 2, holdout: 1 } });
    expect(listed.find((a) => a["slug"] === "other-bot")).toMatchObject({ traces: 1 });

    expect(await purgeAgent("support-bot", { apiKey })).toEqual({ agent: "support-bot", traces: 16, datasets: 3, deleted: true });
    expect(((await cuts({ apiKey, agent: "support-bot" })) as Report).runs).toBe(0);
    expect((await datasets({ apiKey })) as Row).toEqual({ datasets: [], storageBytes: 0 });
    expect(await call("GET", "/traces?agent=other-bot&from=all&limit=200&page=1", { apiKey })).toMatchObject({
      traces: [{ traceId: tid(99), agent: "other-bot", scenario: "elsewhere" }],
      pages: 1,
      total: 1,
    });
  });

  it("rebuilds a trace whose spans arrive over two requests into one run", async () => {
    const { server, apiKey } = await start();
    for (const spans of [[toolSpan(tid(1))], [llmSpan(tid(1), "split", { "whileai.reward": 1 })]]) {
      expect((await postTraces(server, apiKey, JSON.stringify(otlp(spans)), "application/json")).status).toBe(200);
    }
    const made = await cut({ apiKey, kind: "sft", holdout: 0 });
    const rows = (await pull(String((made["train"] as Row)["datasetId"]), null, { apiKey })) as Row[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ prompt: "solve split", reward: 1, trace_id: tid(1), scenario_id: "split" });
    expect(rows[0]!["steps"]).toHaveLength(1);
  });

  it("pages GET /traces newest first and deletes one trace", async () => {
    const { server, apiKey } = await start();
    const spans = Array.from({ length: 5 }, (_, i) => llmSpan(tid(i + 1), `s${i}`));
    await postTraces(server, apiKey, JSON.stringify(otlp(spans)), "application/json");
    const page2 = (await call("GET", "/traces?limit=2&page=2", { apiKey })) as { traces: Row[]; pages: number; total: number };
    expect(page2.traces.map((t) => t["traceId"])).toEqual([tid(3), tid(2)]);
    expect([page2.pages, page2.total]).toEqual([3, 5]);
    expect(await call("DELETE", `/traces/${tid(3)}`, { apiKey })).toEqual({ deleted: true, traceId: tid(3) });
    expect(((await call("GET", "/traces", { apiKey })) as { total: number }).total).toBe(4);
  });

  it("answers 401, 404 and 400 where it should", async () => {
    const { server, apiKey } = await start();
    const body = JSON.stringify(otlp([llmSpan(tid(1), "s")]));
    expect((await postTraces(server, null, body, "application/json")).status).toBe(401);
    expect((await postTraces(server, "wai_nope", body, "application/json")).status).toBe(401);
    const bad = await postTraces(server, apiKey, "{oops", "application/json");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/json/i);
    expect((await postTraces(server, apiKey, new Uint8Array([0x0a, 0xff, 0xff, 0xff]), "application/x-protobuf")).status).toBe(400);
    const noTrace = await postTraces(server, apiKey, JSON.stringify(otlp([{ ...llmSpan("", "s"), traceId: "" }])), "application/json");
    expect(await noTrace.json()).toEqual({ traces: 0, runs: 0, partialSuccess: { rejectedSpans: 1, errorMessage: "spans without a traceId" } });
    await postTraces(server, apiKey, body, "application/json");

    expect((await failure(sendScore({ apiKey, traceId: "feedbeef", value: 1 }))).message).toContain("No run on this account with that trace id: feedbeef.");
    expect((await failure(sendScore({ apiKey, traceId: tid(1), value: 1.5 }))).message).toBe('measurement "score": value must be between 0 and 1');
    expect((await failure(sendScore({ apiKey, traceId: tid(1), value: 1, fields: { direction: "up" } }))).message).toBe(
      'measurement "score": direction must be higher or lower',
    );
    // Another account's trace is unknown to this one, for scores and deletes alike.
    const bob = (await server.createAccount("bob")).apiKey;
    expect((await failure(sendScore({ apiKey: bob, traceId: tid(1), value: 1 }))).message).toContain("No run on this account");
    expect((await failure(call("DELETE", `/traces/${tid(1)}`, { apiKey: bob }))).message).toContain("-> 404");
    expect(((await cuts({ apiKey: bob })) as Report).runs).toBe(0);

    expect((await failure(cuts({ apiKey, filters: { evalSet: "x" } }))).message).toContain("-> 400");
    expect((await failure(cuts({ apiKey, since: "yesterday" }))).message).toContain("-> 400");
    expect((await failure(cut({ apiKey, kind: "dpo" }))).message).toContain("-> 400");
    expect((await failure(cut({ apiKey, band: [0.9, 0.1] }))).message).toContain("-> 400");
    expect((await failure(cut({ apiKey, kind: "rl" }))).message).toContain("-> 409");
  });
});
