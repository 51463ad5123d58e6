/**
 * `GET /traces/live` against a real server over 127.0.0.1: the key in a header, one account's
 * traces only, each trace re-sent with its rows as they stand when more of its spans arrive, and
 * a reconnect with Last-Event-ID given every trace changed since, none other. The rows sent are
 * what rowsFromOtel makes of the trace's spans. Also: the explorer's page, served only when given.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rowsFromOtel } from "@whileai/otel";
import { afterEach, describe, expect, it } from "vitest";
import { createPlatformServer, type PlatformServer } from "./server.js";
import { openLive, type LiveReader } from "./testing/live-reader.js";
import { SIGNING_KEY } from "./testing/scratch-server.js";
import { testDatabase } from "./testing/test-store.js";

const open: PlatformServer[] = [];
const readers: LiveReader[] = [];
afterEach(async () => {
  for (const reader of readers.splice(0)) reader.close();
  while (open.length) await open.pop()!.close();
});

async function start(explorerDir?: string) {
  const server = await createPlatformServer({ dataDir: mkdtempSync(join(tmpdir(), "wai-live-")), signingKey: SIGNING_KEY, database: await testDatabase(), explorerDir });
  open.push(server);
  const alice = (await server.createAccount("alice")).apiKey;
  const bob = (await server.createAccount("bob")).apiKey;
  return { server, alice, bob };
}

async function live(server: PlatformServer, headers: Record<string, string>): Promise<LiveReader> {
  const reader = await openLive(server.url, headers);
  readers.push(reader);
  return reader;
}

const tid = (n: number) => n.toString(16).padStart(32, "0");
const text = (role: string, content: string) => JSON.stringify([{ role, parts: [{ type: "text", content }] }]);
let spanN = 0;

/** One span of conversation `n` (trace `tid(n)`): `"chat"` carries the prompt and answer, `"tool"` a tool call. */
function span(n: number, kind: "chat" | "tool") {
  spanN++;
  const attributes: Record<string, string> =
    kind === "chat"
      ? { "gen_ai.operation.name": "chat", "gen_ai.input.messages": text("user", `question ${n}`), "gen_ai.output.messages": text("assistant", `answer ${n}`) }
      : { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "lookup", "gen_ai.tool.call.id": `c${spanN}`, "gen_ai.tool.call.arguments": `{"n":${n}}`, "gen_ai.tool.call.result": '{"ok":true}' };
  return {
    traceId: tid(n),
    spanId: spanN.toString(16).padStart(16, "0"),
    name: kind,
    startTimeUnixNano: String(1767225600000000000n + BigInt(spanN) * 1000n),
    endTimeUnixNano: String(1767225600000000000n + BigInt(spanN) * 1000n + 500n),
    attributes: Object.entries(attributes).map(([key, value]) => ({ key, value: { stringValue: value } })),
  };
}

/** Every span posted, by trace id: what the rows of each trace must be made of. */
const posted = new Map<string, unknown[]>();

async function post(server: PlatformServer, apiKey: string, spans: ReturnType<typeof span>[]): Promise<void> {
  const body = JSON.stringify({ resourceSpans: [{ resource: { attributes: [] }, scopeSpans: [{ scope: { name: "t" }, spans }] }] });
  const response = await fetch(`${server.url}/v1/traces`, { method: "POST", headers: { "Content-Type": "application/json", "X-Api-Key": apiKey }, body });
  expect(response.status).toBe(200);
  for (const s of spans) posted.set(s.traceId, [...(posted.get(s.traceId) ?? []), s]);
}

/** The trace's rows as the library makes them of every span posted for it. */
const expectedRows = (traceId: string) => JSON.parse(JSON.stringify(rowsFromOtel(posted.get(traceId)!))) as unknown[];

/** The page's view: each trace's latest rows, replaced (never appended) as its events come. */
function latestRows(reader: LiveReader): Map<string, unknown[]> {
  const rows = new Map<string, unknown[]>();
  for (const t of reader.traces()) rows.set(t.trace, t.rows);
  return rows;
}

const seqOf = (id: string) => Number(id.slice(id.lastIndexOf(":") + 1));

describe("GET /traces/live", () => {
  it("wants the account's key in X-Api-Key: none or a wrong one is 401, and the key is never read from the URL", async () => {
    const { server, alice } = await start();
    expect((await live(server, {})).status).toBe(401);
    expect((await live(server, { "X-Api-Key": "wai_not_a_key" })).status).toBe(401);
    const inUrl = await fetch(`${server.url}/traces/live?apiKey=${alice}`);
    expect(inUrl.status).toBe(401);
    expect(await inUrl.json()).toEqual({ error: "missing X-Api-Key" });
    const ok = await live(server, { "X-Api-Key": alice });
    expect(ok.status).toBe(200);
    await ok.until((r) => r.events.length === 1);
    expect(ok.events[0]!.event).toBe("hello");
    expect(JSON.parse(ok.events[0]!.data)).toMatchObject({ latest: 0 });
  });

  it("streams one account's traces only, each re-sent with its new rows when a later batch adds spans", async () => {
    const { server, alice, bob } = await start();
    const a = await live(server, { "X-Api-Key": alice });
    const b = await live(server, { "X-Api-Key": bob });
    await post(server, alice, [span(1, "tool")]);
    await post(server, bob, [span(2, "chat")]);
    await a.until((r) => r.traces().length === 1);
    await b.until((r) => r.traces().length === 1);
    expect(a.traces().map((t) => t.trace)).toEqual([tid(1)]);
    expect(b.traces().map((t) => t.trace)).toEqual([tid(2)]);
    expect(a.traces()[0]!.rows).toEqual(expectedRows(tid(1)));

    // More spans of trace 1: its rows are rebuilt over all its spans, and sent again, whole.
    await post(server, alice, [span(1, "chat"), span(3, "chat")]);
    await a.until((r) => r.traces().length === 3);
    const [first, again, third] = a.traces();
    expect(again!.trace).toBe(tid(1));
    expect(again!.rows).toEqual(expectedRows(tid(1)));
    expect(again!.rows).not.toEqual(first!.rows);
    expect(third).toMatchObject({ trace: tid(3), rows: expectedRows(tid(3)) });
    expect(seqOf(again!.id)).toBeGreaterThan(seqOf(first!.id));
    expect(seqOf(third!.id)).toBeGreaterThan(seqOf(again!.id));
    // Replaced, not appended: one row per trace, each the library's.
    expect([...latestRows(a)]).toEqual([
      [tid(1), expectedRows(tid(1))],
      [tid(3), expectedRows(tid(3))],
    ]);
    expect(b.traces().map((t) => t.trace)).toEqual([tid(2)]);
  });

  it("a reconnect with Last-Event-ID gets every trace changed since, as it stands now, and none it already has", async () => {
    const { server, alice } = await start();
    await post(server, alice, [span(11, "tool"), span(12, "chat")]);
    const first = await live(server, { "X-Api-Key": alice });
    await first.until((r) => r.traces().length === 2);
    const last = first.lastId()!;
    first.close();

    // While disconnected: trace 11 gets its chat span, 13 arrives, 12 is unchanged.
    await post(server, alice, [span(11, "chat")]);
    await post(server, alice, [span(13, "chat")]);
    const resumed = await live(server, { "X-Api-Key": alice, "Last-Event-ID": last });
    await resumed.until((r) => r.traces().length === 2);
    expect(resumed.traces().map((t) => [t.trace, t.rows])).toEqual([
      [tid(11), expectedRows(tid(11))],
      [tid(13), expectedRows(tid(13))],
    ]);
    expect(JSON.parse(resumed.events[0]!.data)).toMatchObject({ latest: seqOf(resumed.lastId()!) });

    // The page's rows after both streams: every trace once, with the library's rows.
    const merged = latestRows(first);
    for (const [trace, rows] of latestRows(resumed)) merged.set(trace, rows);
    expect(new Map([...merged].sort())).toEqual(new Map([tid(11), tid(12), tid(13)].map((t) => [t, expectedRows(t)])));

    // A deleted trace is sent once more, with no rows.
    expect((await fetch(`${server.url}/traces/${tid(12)}`, { method: "DELETE", headers: { "X-Api-Key": alice } })).status).toBe(200);
    await resumed.until((r) => r.traces().length === 3);
    expect(resumed.traces()[2]).toMatchObject({ trace: tid(12), rows: [] });
  });

  it("an id of another platform replays from the start; a malformed one is 400", async () => {
    const { server, alice } = await start();
    await post(server, alice, [span(21, "chat")]);
    const other = await live(server, { "X-Api-Key": alice, "Last-Event-ID": "0123456789ab:999" });
    await other.until((r) => r.traces().length === 1);
    expect(other.traces()[0]!.trace).toBe(tid(21));
    const bad = await fetch(`${server.url}/traces/live`, { headers: { "X-Api-Key": alice, "Last-Event-ID": "nonsense" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Last-Event-ID "nonsense" is not <platform>:<seq>' });
  });

  it("a reconnect after many changes streams them all, in pages, in the database's order", async () => {
    const { server, alice } = await start();
    for (let n = 0; n < 5; n++) await post(server, alice, Array.from({ length: 100 }, (_, i) => span(1000 + n * 100 + i, "chat")));
    const reader = await live(server, { "X-Api-Key": alice });
    await reader.until((r) => r.traces().length === 500);
    const seqs = reader.traces().map((t) => seqOf(t.id));
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(new Set(reader.traces().map((t) => t.trace)).size).toBe(500);
  });
});

describe("the explorer's page", () => {
  it("is served at / when the server is given its folder, with the tag pointing it at /traces/live and asking for the key", async () => {
    const dir = mkdtempSync(join(tmpdir(), "wai-ui-"));
    writeFileSync(join(dir, "index.html"), "<html><head><title>x</title></head><body></body></html>");
    const { server } = await start(dir);
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<meta name="whileai-live" content="traces/live" data-auth="api-key" />');
    // The API is unchanged around it.
    expect((await fetch(`${server.url}/datasets`)).status).toBe(401);
    expect((await fetch(`${server.url}/nothing.js`)).status).toBe(404);
  });

  it("is not served without the folder; a folder without index.html fails the start, naming it", async () => {
    const { server } = await start();
    expect((await fetch(`${server.url}/`)).status).toBe(404);
    const empty = mkdtempSync(join(tmpdir(), "wai-ui-empty-"));
    await expect(createPlatformServer({ dataDir: empty, signingKey: SIGNING_KEY, explorerDir: empty })).rejects.toThrow(`${join(empty, "index.html")} is missing (ENOENT)`);
  });
});
