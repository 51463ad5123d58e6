/** Publishing, the public catalog, preview/profile and agents: the real client against the real server on 127.0.0.1. */
import {
  agents,
  call,
  catalog,
  deleteDataset,
  preview,
  profile,
  publish,
  pull,
  pushRows,
  registerAgent,
  unpublish,
  updateDataset,
} from "@whileai/platform/node";
import { afterEach, describe, expect, it } from "vitest";
import type { PlatformServer } from "./server.js";
import { platformFailure, serverWithAccounts } from "./testing/server.js";

const open: PlatformServer[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

async function start(...names: string[]) {
  const out = await serverWithAccounts(...names);
  open.push(out.server);
  return out;
}

// Two tasks: "t1" passes once and fails once (mixed), "t2" only passes; one row is ungraded.
const ROWS = [
  { scenario_id: "t1", prompt: "refund?", steps: [{ tool: "lookup" }, { tool_calls: [{ function: { name: "refund" } }] }], final_text: "done", reward: 1 },
  { scenario_id: "t1", prompt: "refund?", steps: [{ tool: "lookup" }], final_text: "no", reward: 0 },
  { scenario_id: "t2", prompt: "hours?", steps: [], final_text: "9-5", reward: 1.0 },
  { prompt: "ungraded ünïcode 🙂", final_text: "?" },
];

interface Catalog {
  datasets: Record<string, unknown>[];
  agents: Record<string, unknown>[];
}

describe("publish and the catalog", () => {
  it("publish → catalog lists it → keyless pull returns identical rows; unpublish hides it", async () => {
    const { keys } = await start("alice");
    const apiKey = keys[0]!;
    const ds = await pushRows(ROWS, "refunds", { apiKey, description: "set description" });
    const id = String(ds["datasetId"]);
    expect(await catalog()).toEqual({ datasets: [], agents: [] });

    const card = await publish(id, "Airline Support", { apiKey, description: "Graded refunds." });
    expect(card).toMatchObject({ datasetId: id, agent: "airline-support", description: "Graded refunds.", rows: 4, name: "refunds" });
    const listed = (await catalog()) as Catalog;
    expect(listed.datasets).toEqual([card]);
    expect(listed.agents).toEqual([{ slug: "airline-support", cards: 1 }]);
    expect(await pull(id, null)).toEqual(ROWS);

    expect(await unpublish(id, { apiKey })).toEqual({ datasetId: id, published: false });
    expect(await catalog()).toEqual({ datasets: [], agents: [] });
    expect((await platformFailure(pull(id, null))).message).toContain(`/catalog/${id}/download -> 404`);
    expect((await platformFailure(unpublish(id, { apiKey }))).message).toContain("-> 409: not published");
    // The owner still pulls it with a key.
    expect(await pull(id, null, { apiKey })).toEqual(ROWS);
  });

  it("a published dataset falls back to the catalog grant for another account's key; a private one stays 404", async () => {
    const { keys } = await start("alice", "bob");
    const [alice, bob] = keys as [string, string];
    const shared = String((await pushRows(ROWS, "shared", { apiKey: alice, description: "own words" }))["datasetId"]);
    const secret = String((await pushRows(ROWS, "secret", { apiKey: alice }))["datasetId"]);
    await publish(shared, "support", { apiKey: alice });
    expect(await pull(shared, null, { apiKey: bob })).toEqual(ROWS);
    expect((await platformFailure(pull(secret, null, { apiKey: bob }))).message).toContain(`/catalog/${secret}/download -> 404`);
    expect((await platformFailure(pull(secret, null))).message).toContain("-> 404");
    expect((await platformFailure(call("GET", `/catalog/${secret}`, { public: true }))).message).toContain("-> 404");
    // The card falls back to the dataset's own description when publish passes none.
    expect((await call("GET", `/catalog/${shared}`, { public: true })) as Record<string, unknown>).toMatchObject({ datasetId: shared, description: "own words" });
  });

  it("another account cannot publish, unpublish, preview or profile your dataset (404)", async () => {
    const { keys } = await start("alice", "bob");
    const [alice, bob] = keys as [string, string];
    const id = String((await pushRows(ROWS, "mine", { apiKey: alice }))["datasetId"]);
    await publish(id, "support", { apiKey: alice });
    const attempts = [
      () => publish(id, "theirs", { apiKey: bob }),
      () => unpublish(id, { apiKey: bob }),
      () => preview(id, { apiKey: bob }),
      () => profile(id, { apiKey: bob }),
    ];
    for (const attempt of attempts) expect((await platformFailure(attempt())).message).toContain(`-> 404: dataset ${id} not found`);
    expect(((await catalog()) as Catalog).datasets.map((d) => d["agent"])).toEqual(["support"]);
  });

  it("refuses an empty dataset (409), an agent with no letter (400) and a missing agent (400); deleting drops the card", async () => {
    const { keys } = await start("alice");
    const apiKey = keys[0]!;
    const empty = String((await pushRows([], "empty", { apiKey }))["datasetId"]);
    expect((await platformFailure(publish(empty, "x", { apiKey }))).message).toContain("-> 409: dataset has no rows");
    const id = String((await pushRows(ROWS, "full", { apiKey }))["datasetId"]);
    expect((await platformFailure(publish(id, "--", { apiKey }))).message).toContain("-> 400: agent: needs a letter or digit");
    expect((await platformFailure(call("POST", `/datasets/${id}/publish`, { apiKey, body: {} }))).message).toContain("-> 400: agent:");
    await publish(id, "x", { apiKey });
    await deleteDataset(id, { apiKey });
    expect(await catalog()).toEqual({ datasets: [], agents: [] });
  });
});

describe("preview and profile", () => {
  it("computes them from the stored rows of a known dataset", async () => {
    const { keys } = await start("alice");
    const apiKey = keys[0]!;
    const id = String((await pushRows(ROWS, "known", { apiKey }))["datasetId"]);
    const p = (await profile(id, { apiKey })) as Record<string, unknown>;
    expect(p).toMatchObject({
      n: 4,
      invalid_lines: 0,
      graded: 3,
      pass_rate: 0.6667,
      tasks: 2,
      mixed_tasks: 1,
      gradient_support: 0.6667,
      per_task: [
        { task: "t1", rows: 2, pass_rate: 0.5, mixed: true },
        { task: "t2", rows: 1, pass_rate: 1, mixed: false },
      ],
      tool_use: { rows_with_tools: 2, tool_calls: 3, tools: { lookup: 2, refund: 1 } },
    });
    const shown = (await preview(id, { apiKey })) as { rows: unknown[]; report: unknown };
    expect(shown).toEqual({ rows: ROWS.slice(0, 3), report: p });
    expect(await call("GET", `/datasets/${id}/profile`, { apiKey })).toEqual({ profile: p, cached: true });
    expect(await call("GET", `/datasets/${id}/profile?force=1`, { apiKey })).toEqual({ profile: p, cached: false });
  });

  it("refuses a dataset that is not finalized (409)", async () => {
    const { keys } = await start("alice");
    const apiKey = keys[0]!;
    const created = (await call("POST", "/datasets", { apiKey, body: { name: "pending" } })) as { datasetId: string };
    expect((await platformFailure(preview(created.datasetId, { apiKey }))).message).toContain("-> 409");
    expect((await platformFailure(profile(created.datasetId, { apiKey }))).message).toContain("-> 409");
  });
});

describe("agents", () => {
  it("registers, lists with set and card counts, updates, and deletes", async () => {
    const { keys } = await start("alice", "bob");
    const [alice, bob] = keys as [string, string];
    const made = await registerAgent("Airline Support", { apiKey: alice, description: "refunds", tools: [{ name: "lookup" }], systemPrompt: "Be kind." });
    expect(made).toMatchObject({ slug: "airline-support", name: "Airline Support", description: "refunds", tools: [{ name: "lookup" }], system_prompt: "Be kind." });
    const train = String((await pushRows(ROWS, "t", { apiKey: alice, agent: "airline-support" }))["datasetId"]);
    await pushRows(ROWS, "h", { apiKey: alice, agent: "airline-support", purpose: "holdout" });
    await pushRows(ROWS, "o", { apiKey: alice, agent: "tool-choice" });
    await publish(train, "airline-support", { apiKey: alice });
    expect(await agents({ apiKey: alice })).toEqual([
      { slug: "airline-support", name: "Airline Support", description: "refunds", traces: 0, sets: { train: 1, holdout: 1 }, cards: 1 },
      { slug: "tool-choice", name: null, description: null, traces: 0, sets: { train: 1 }, cards: 0 },
    ]);
    expect(await agents({ apiKey: bob })).toEqual([]);
    // Registering again keeps the fields not passed.
    expect(await registerAgent("airline support", { apiKey: alice, description: "v2" })).toMatchObject({ slug: "airline-support", description: "v2", tools: [{ name: "lookup" }] });
    expect(await call("DELETE", "/agents/airline-support", { apiKey: alice })).toEqual({ deleted: true, slug: "airline-support" });
    expect(await updateDataset(train, { apiKey: alice, agent: "renamed" })).toMatchObject({ agent: "renamed" });
    expect(((await agents({ apiKey: alice })) as Record<string, unknown>[]).map((a) => a["slug"])).toEqual(["airline-support", "renamed", "tool-choice"]);
  });

  it("answers validation errors with 400 and no key with 401", async () => {
    const { server, keys } = await start("alice");
    const apiKey = keys[0]!;
    const wrapped = [{ type: "function", function: { name: "lookup_order", parameters: { type: "object" } } }];
    expect((await platformFailure(registerAgent("bot", { apiKey, tools: wrapped }))).message).toContain("-> 400: tools must be a list of JSON schemas");
    expect((await platformFailure(call("POST", "/agents", { apiKey, body: { name: "bot", tools: "lookup" } }))).message).toContain("-> 400: tools must be");
    expect((await platformFailure(registerAgent("", { apiKey }))).message).toContain("-> 400: name:");
    expect((await platformFailure(registerAgent("!!!", { apiKey }))).message).toContain("-> 400: name: needs a letter or digit");
    expect((await fetch(`${server.url}/agents`)).status).toBe(401);
    expect(await agents({ apiKey })).toEqual([]);
  });
});
