// `wai score`, `cuts`, `cut`, `agents`, `register-agent` and `purge-agent`: run in process against a
// real local platform that has received OTLP traces over HTTP, as an instrumented agent sends them.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isolatedEnv, runWai, startLocalPlatform, scratchDir, type LocalPlatform, removeScratchDirs, type Env } from "../../testing/platform-fixture.js";

let platform: LocalPlatform;
let home: string;
let env: Env;

const attrs = (a: Record<string, string | number>) =>
  Object.entries(a).map(([key, v]) => ({ key, value: typeof v === "number" ? { doubleValue: v } : { stringValue: v } }));
const traceId = (n: number) => n.toString(16).padStart(32, "0");

/** One chat span per run; `reward` as the span attribute the platform reads, or none (graded later). */
function run(n: number, scenario: string, reward?: number) {
  return {
    traceId: traceId(n),
    spanId: n.toString(16).padStart(16, "0"),
    name: "chat",
    startTimeUnixNano: String(1767225600000000000n + BigInt(n) * 1000n),
    attributes: attrs({
      "zeroproof.scenario_id": scenario,
      "gen_ai.agent.name": "Support Bot",
      "gen_ai.input.messages": JSON.stringify([{ role: "user", content: `solve ${scenario}` }]),
      "gen_ai.output.messages": JSON.stringify([{ role: "assistant", content: `answer ${n}` }]),
      ...(reward === undefined ? {} : { "whileai.reward": reward }),
    }),
  };
}

/** Three scenarios with a passing run and an ungraded one each, posted as OTLP JSON. */
async function sendTraces(): Promise<void> {
  const spans = [run(1, "refund", 1), run(2, "refund"), run(3, "cancel", 1), run(4, "cancel"), run(5, "track", 1), run(6, "track")];
  const body = { resourceSpans: [{ resource: { attributes: attrs({ "service.name": "support" }) }, scopeSpans: [{ scope: { name: "t" }, spans }] }] };
  const res = await fetch(`${platform.url}/v1/traces`, { method: "POST", headers: { "Content-Type": "application/json", "X-Api-Key": platform.apiKey }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  platform = await startLocalPlatform();
  home = scratchDir("wai-home-");
  env = isolatedEnv(home, { WHILEAI_API_URL: platform.url, WHILEAI_API_KEY: platform.apiKey });
  await sendTraces();
});
afterAll(async () => {
  await platform.close();
  removeScratchDirs();
});

const json = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>;

describe("wai score, cuts, cut", () => {
  it("grades runs, reads the cuts, cuts an RL train set and pulls it", async () => {
    const before = await runWai(["cuts", "--agent", "support-bot"], { env });
    expect(before.code).toBe(0);
    // Only passes so far: no pass rate inside the RL band, but every prompt has a run worth copying.
    // formatCuts' next step, said as the wai command that makes it.
    expect(before.stdout).toBe("  3 prompts have a run worth copying\n  best run each · 2 train · 1 held out\n  next: wai cut --agent support-bot --kind sft\n");

    for (const n of [2, 4]) {
      const scored = await runWai(["score", traceId(n), "false"], { env });
      expect(scored).toMatchObject({ code: 0, stdout: `scored ${traceId(n)}: score = 0\n` });
    }
    const scoredJson = await runWai(["score", traceId(6), "0", "--json"], { env });
    expect(json(scoredJson.stdout)).toEqual({ applied: [{ traceId: traceId(6), name: "score" }] });

    const after = await runWai(["cuts", "--agent", "support-bot"], { env });
    expect(after.stdout).toMatch(/^ {2}3 prompts are worth training on\n {2}6 runs · \d+ train · .+\n {2}next: wai cut --agent support-bot --kind rl\n$/);
    const report = json((await runWai(["cuts", "--agent", "support-bot", "--json"], { env })).stdout);
    expect(report).toMatchObject({ prompts: 3, runs: 6, rl: { prompts: 3, rows: 6 }, filter: { agent: "support-bot", from: "all" } });

    const cut = await runWai(["cut", "--agent", "support-bot", "--kind", "rl", "--holdout", "0", "--band", "0.1,0.9", "--name", "support-rl", "--json"], { env });
    expect(cut.code).toBe(0);
    const reply = json(cut.stdout);
    expect(reply).toMatchObject({ kind: "rl", band: [0.1, 0.9], train: { role: "train", name: "support-rl", rows: 6, prompts: 3 }, holdout: null });
    const trainId = (reply["train"] as { datasetId: string }).datasetId;
    const rows = (await runWai(["pull", trainId], { env })).stdout.trim().split("\n").map((l) => JSON.parse(l) as { reward: number });
    expect(rows.map((r) => r.reward).sort()).toEqual([0, 0, 0, 1, 1, 1]);

    const text = await runWai(["cut", "--agent", "support-bot", "--kind", "sft", "--holdout", "0"], { env });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^sft cut \(pass-rate band 0\.2–0\.8\):\nROLE +ID +NAME +ROWS +PROMPTS\ntrain +ds_\w+ +support-bot-sft +3 +3\nnext: wai pull ds_\w+ -o train\.jsonl\n$/);
  });

  it("a cut with nothing to cut is the server's 409 line; a score for an unknown run is the client's message", async () => {
    const cut = await runWai(["cut", "--agent", "nobody"], { env });
    expect(cut.code).toBe(1);
    expect(cut.stderr).toBe(`wai: POST ${platform.url}/datasets/cut -> 409: no scenario has a pass rate inside 0.2–0.8 with 2+ graded runs: read GET /traces/cuts\n`);
    const score = await runWai(["score", "f".repeat(32), "1"], { env });
    expect(score.code).toBe(1);
    expect(score.stderr).toBe(`wai: No run on this account with that trace id: ${"f".repeat(32)}. Ids come from the traces page.\n`);
  });

  it("bad values are usage errors", async () => {
    for (const [args, message] of [
      [["score", traceId(1), "great"], /argument 'value'.*expected a number or true\/false, got "great"/],
      [["cut", "--kind", "ppo"], /Allowed choices are rl, sft/],
      [["cut", "--band", "0.8,0.2"], /expected lo < hi/],
      [["cut", "--holdout", "2"], /expected a number from 0 to 1/],
      [["cuts", "--since", "1y"], /Allowed choices are all, 24h, 7d/],
      [["purge-agent", "support-bot"], /pass --yes, or --dry-run/],
    ] as [string[], RegExp][]) {
      const result = await runWai(args, { env });
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });
});

describe("wai agents, register-agent, purge-agent", () => {
  it("registers an agent with tools, lists it with its traces, and purges it", async () => {
    const tools = join(home, "tools.json");
    writeFileSync(tools, JSON.stringify([{ name: "lookup_order", parameters: { type: "object" } }]));
    const registered = await runWai(["register-agent", "Support Bot", "--description", "answers order questions", "--tools", tools, "--json"], { env });
    expect(registered.code).toBe(0);
    expect(json(registered.stdout)).toMatchObject({ slug: "support-bot", name: "Support Bot", tools: [{ name: "lookup_order" }] });

    const listed = await runWai(["agents"], { env });
    expect(listed.stdout).toMatch(/^SLUG +NAME +TRACES +SETS +CARDS\nsupport-bot +Support Bot +6 +/);
    expect(listed.stdout).toMatch(/\n1 agent\n$/);

    const dry = await runWai(["purge-agent", "support-bot", "--dry-run", "--json"], { env });
    const counted = json(dry.stdout);
    expect(counted).toMatchObject({ agent: "support-bot", traces: 6, deleted: false });
    const purged = await runWai(["purge-agent", "support-bot", "--yes"], { env });
    expect(purged).toMatchObject({ code: 0, stdout: `purged support-bot: deleted 6 traces and ${counted["datasets"]} dataset${counted["datasets"] === 1 ? "" : "s"}\n` });
    expect(json((await runWai(["agents", "--json"], { env })).stdout)).toEqual([]);
  });

  it("a tools file that is not a list of schemas is named", async () => {
    const tools = join(home, "not-a-list.json");
    writeFileSync(tools, '{"name": "x"}');
    const result = await runWai(["register-agent", "x", "--tools", tools], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`wai: ${tools}: expected a JSON list of tool schemas, got object\n`);
  });
});
