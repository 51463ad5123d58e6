/**
 * `migrateFromEmbedded`: an embedded platform's data, pushed through a real SQLite server, copied
 * into PostgreSQL and read back through a real PostgreSQL server: the same rows under the same ids,
 * and its keys, credentials and presigned URLs still work.
 */
import { join } from "node:path";
import { call, catalog, createNodeRuntime, datasets, issueDelegatedCredential, publish, pull, pushRows, setPlatformRuntime } from "@whileai/platform/node";
import { afterEach, describe, expect, it } from "vitest";
import { PlatformDatabaseError } from "./db/database-error.js";
import { localSecrets } from "./local-secrets.js";
import { migrateFromEmbedded } from "./migrate-from.js";
import { createPlatformServer, type PlatformServer } from "./server.js";
import { scratchDir } from "./testing/scratch-server.js";
import { freshSchemaUrl } from "./testing/test-store.js";

const open: PlatformServer[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

const ROWS = [
  { prompt: "naïve 🙂", steps: [{ tool: "search", args: { q: "a\nb" } }], final_text: "ok", reward: 1 },
  { prompt: "second", steps: [], final_text: "", reward: 0.5 },
];

function otlpBody(traceId: string): string {
  const attr = (key: string, value: string) => ({ key, value: { stringValue: value } });
  const span = {
    traceId,
    spanId: "00000000000000aa",
    name: "chat",
    startTimeUnixNano: "1767225600000000000",
    attributes: [attr("zeroproof.scenario_id", "s1"), attr("gen_ai.input.messages", JSON.stringify([{ role: "user", content: "hi" }]))],
  };
  return JSON.stringify({ resourceSpans: [{ resource: { attributes: [] }, scopeSpans: [{ scope: { name: "t" }, spans: [span] }] }] });
}

describe("migrateFromEmbedded", () => {
  it("moves accounts, datasets, cards, agents, credentials, traces and scores, with their ids; keys, credentials and signed URLs keep working", async () => {
    const source = scratchDir("wai-embedded-");
    const { signingKey, devKey } = localSecrets(source);
    const embedded = await createPlatformServer({ dataDir: source, signingKey });
    open.push(embedded);
    setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: embedded.url, WHILEAI_HOME: source } }));
    await embedded.ensureAccountKey("dev", devKey);
    const { apiKey } = await embedded.createAccount("alice");
    const first = await pushRows(ROWS, "first", { apiKey, agent: "support" });
    const second = await pushRows([{ prompt: "x", final_text: "y", reward: 0 }], "second", { apiKey });
    await publish(String(first["datasetId"]), "Support", { apiKey, description: "card" });
    await call("POST", "/agents", { apiKey, body: { name: "Support", description: "the bot" } });
    const credential = (await issueDelegatedCredential(apiKey, { name: "ci", ttlSeconds: 3600 })) as { credential: string };
    const traceId = "0000000000000000000000000000abcd";
    const ingest = await fetch(`${embedded.url}/v1/traces?agent=support`, { method: "POST", headers: { "Content-Type": "application/json", "X-Api-Key": apiKey }, body: otlpBody(traceId) });
    expect(ingest.status).toBe(200);
    await call("POST", "/v1/scores", { apiKey, body: { traceId, name: "reward", value: 1 } });
    const grant = (await call("GET", `/datasets/${String(first["datasetId"])}/download`, { apiKey })) as { parts: string[] };
    const before = {
      datasets: await datasets({ apiKey }),
      agents: await call("GET", "/agents", { apiKey }),
      traces: await call("GET", "/traces", { apiKey }),
      cuts: await call("GET", "/traces/cuts", { apiKey }),
      catalog: await catalog(),
    };
    await open.pop()!.close();

    const database = await freshSchemaUrl();
    const team = scratchDir("wai-team-");
    const report = await migrateFromEmbedded(source, { database, dataDir: team });
    expect(report).toEqual({
      rows: {
        accounts: 2,
        api_keys: 2,
        datasets: 2,
        publications: 1,
        profiles: 0,
        agents: 1,
        delegated_credentials: 1,
        traces: 1,
        trace_changes: 1,
        trace_spans: 1,
        runs: 1,
        scores: 1,
        hf_pushes: 0,
        hf_imports: 0,
      },
      blobs: 2,
      secrets: ["signing-key", "dev-api-key"],
    });

    // No signing key given: the team server signs with the migrated one.
    const server = await createPlatformServer({ dataDir: team, database });
    open.push(server);
    setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: server.url, WHILEAI_HOME: team } }));
    expect(await datasets({ apiKey })).toEqual(before.datasets);
    expect(await call("GET", "/agents", { apiKey })).toEqual(before.agents);
    expect(await call("GET", "/traces", { apiKey })).toEqual(before.traces);
    expect(await call("GET", "/traces/cuts", { apiKey })).toEqual(before.cuts);
    expect((await catalog()) as unknown).toEqual(JSON.parse(JSON.stringify(before.catalog).replaceAll(embedded.url, server.url)));
    expect(await pull(String(first["datasetId"]), null, { apiKey })).toEqual(ROWS);
    expect(await pull(String(second["datasetId"]), null, { apiKey: credential.credential })).toEqual([{ prompt: "x", final_text: "y", reward: 0 }]);
    expect(await datasets({ apiKey: devKey })).toMatchObject({ datasets: [] });
    // A part URL signed by the embedded server before the move.
    const part = await fetch(grant.parts[0]!.replace(embedded.url, server.url));
    expect(part.status).toBe(200);
    expect((await part.text()).trim().split("\n").map((l) => JSON.parse(l) as unknown)).toEqual(ROWS);
    // New rows sort after the moved ones and take fresh sequence numbers.
    const third = await pushRows(ROWS, "third", { apiKey });
    const names = ((await datasets({ apiKey })) as { datasets: { name: string }[] }).datasets.map((d) => d.name);
    expect(names).toEqual(["third", "second", "first"]);
    expect(third["datasetId"]).not.toBe(first["datasetId"]);

    // Twice into the same database is refused, and changes nothing.
    const again = await migrateFromEmbedded(source, { database, dataDir: team }).catch((error: unknown) => error);
    expect(PlatformDatabaseError.isInstance(again)).toBe(true);
    expect((again as Error).message).toMatch(/already holds platform data \(accounts\): migrate into an empty database/);
    expect(((await datasets({ apiKey })) as { datasets: unknown[] }).datasets).toHaveLength(3);
  });

  it("a folder without an embedded database is refused by name", async () => {
    const empty = scratchDir("wai-none-");
    const error = await migrateFromEmbedded(empty, { database: await freshSchemaUrl(), dataDir: scratchDir("wai-team-") }).catch((e: unknown) => e);
    expect(PlatformDatabaseError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(`${join(empty, "platform.sqlite")}: no embedded platform database there: pass the data directory the embedded platform used`);
  });
});
