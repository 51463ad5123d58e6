/**
 * The live view of a team deployment: two servers on one PostgreSQL. A stream on one sees the
 * traces posted to the other (it polls the database), in the database's order, and a reconnect
 * to the other server with the first one's Last-Event-ID resumes exactly (the ids are the
 * database's, not a server's). (PostgreSQL only: the embedded database belongs to one server.)
 */
import { afterEach, describe, expect, it } from "vitest";
import { createPlatformServer, type PlatformServer } from "./server.js";
import { openLive, type LiveReader } from "./testing/live-reader.js";
import { scratchDir } from "./testing/scratch-server.js";
import { freshSchemaUrl } from "./testing/test-store.js";

const open: PlatformServer[] = [];
const readers: LiveReader[] = [];
afterEach(async () => {
  for (const reader of readers.splice(0)) reader.close();
  while (open.length) await open.pop()!.close();
});

const tid = (n: number) => n.toString(16).padStart(32, "0");

function chat(n: number) {
  const text = (role: string, content: string) => JSON.stringify([{ role, parts: [{ type: "text", content }] }]);
  return {
    traceId: tid(n),
    spanId: n.toString(16).padStart(16, "0"),
    name: "chat",
    startTimeUnixNano: String(1767225600000000000n + BigInt(n) * 1000n),
    attributes: [
      { key: "gen_ai.input.messages", value: { stringValue: text("user", `question ${n}`) } },
      { key: "gen_ai.output.messages", value: { stringValue: text("assistant", `answer ${n}`) } },
    ],
  };
}

async function post(server: PlatformServer, apiKey: string, ns: number[]): Promise<void> {
  const body = JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: ns.map(chat) }] }] });
  const response = await fetch(`${server.url}/v1/traces`, { method: "POST", headers: { "Content-Type": "application/json", "X-Api-Key": apiKey }, body });
  expect(response.status).toBe(200);
}

async function live(server: PlatformServer, headers: Record<string, string>): Promise<LiveReader> {
  const reader = await openLive(server.url, headers);
  readers.push(reader);
  return reader;
}

describe("the live view on two servers of one PostgreSQL", () => {
  it("a stream on one server sees traces posted to the other, and resumes on the other after a reconnect", async () => {
    const database = await freshSchemaUrl();
    const dataDir = scratchDir("wai-team-live-");
    const [a, b] = await Promise.all([createPlatformServer({ dataDir, database, livePollMs: 50 }), createPlatformServer({ dataDir, database, livePollMs: 50 })]);
    open.push(a!, b!);
    const { apiKey } = await a!.createAccount("alice");

    const onA = await live(a!, { "X-Api-Key": apiKey });
    // Posted to both at once: the stream sees every trace once, whichever server took it.
    await Promise.all([post(b!, apiKey, [1, 2, 3]), post(a!, apiKey, [4, 5]), post(b!, apiKey, [6])]);
    await onA.until((r) => r.traces().length === 6);
    expect(onA.traces().map((t) => t.trace).sort()).toEqual([1, 2, 3, 4, 5, 6].map(tid));
    const last = onA.lastId()!;
    onA.close();

    await post(a!, apiKey, [7]);
    await post(b!, apiKey, [8]);
    // The page's reconnect lands on the other server (a load balancer's choice): it resumes after the last id.
    const onB = await live(b!, { "X-Api-Key": apiKey, "Last-Event-ID": last });
    await onB.until((r) => r.traces().length === 2);
    expect(onB.traces().map((t) => t.trace)).toEqual([tid(7), tid(8)]);
    await post(a!, apiKey, [9]);
    await onB.until((r) => r.traces().length === 3);
    expect(onB.traces()[2]!.trace).toBe(tid(9));
  });
});
