// The live row stream on the receiver's own origin (otherRoutes), read as a browser's EventSource
// reads it: a text/event-stream body parsed event by event, reconnecting with Last-Event-ID.
import { afterEach, describe, expect, it } from "vitest";
import type { OtelRow } from "../assemble.js";
import { exportOf, span } from "../testing/otlp.js";
import { createLiveRowStream, type LiveRowStream } from "./live-row-stream.js";
import { startOtlpReceiver, type OtlpReceiver } from "./otlp-receiver.js";

interface ServerSentEvent {
  id?: string;
  event: string;
  data: string;
}

/** Reads events off an open stream until `enough` says so, then cancels the body (the connection drops, as a lost network does). */
async function readEvents(response: Response, enough: (events: ServerSentEvent[]) => boolean): Promise<ServerSentEvent[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: ServerSentEvent[] = [];
  let text = "";
  while (!enough(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
    let end: number;
    while ((end = text.indexOf("\n\n")) >= 0) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      const event: ServerSentEvent = { event: "message", data: "" };
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) continue;
        const [field, ...rest] = line.split(": ");
        const value = rest.join(": ");
        if (field === "id") event.id = value;
        else if (field === "event") event.event = value;
        else if (field === "data") event.data = value;
      }
      if (block.split("\n").some((l) => !l.startsWith(":") && !l.startsWith("retry:"))) events.push(event);
    }
  }
  await reader.cancel();
  return events;
}

const running: { receiver: OtlpReceiver; live: LiveRowStream }[] = [];
afterEach(async () => {
  for (const { receiver, live } of running.splice(0)) {
    live.close();
    await receiver.close();
  }
});

async function liveReceiver(idleMs = 60_000, maxBytes?: number) {
  const live = createLiveRowStream({ maxBytes });
  const receiver = await startOtlpReceiver({
    port: 0,
    idleMs,
    onRow: (row) => live.push(row),
    otherRoutes: (request, response) => {
      if (!request.url?.startsWith("/api/live")) return false;
      live.answer(request, response);
      return true;
    },
  });
  running.push({ receiver, live });
  const origin = receiver.url.replace(/\/v1\/traces$/, "");
  return { live, receiver, origin };
}

const row = (n: number) => ({ conversation_id: `conv-${n}`, prompt: `question ${n}`, final_text: `answer ${n}` }) as unknown as OtelRow;
const rowsOf = (events: ServerSentEvent[]) => events.filter((e) => e.event === "row").map((e) => (JSON.parse(e.data) as { conversation_id: string }).conversation_id);

describe("live row stream", () => {
  it("opens with hello naming the run, replays the rows so far, then sends each new one", async () => {
    const { live, origin } = await liveReceiver();
    live.push(row(1));
    live.push(row(2));
    const response = await fetch(`${origin}/api/live`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const reading = readEvents(response, (events) => events.length === 4);
    live.push(row(3));
    const events = await reading;
    expect(events[0]).toEqual({ event: "hello", data: JSON.stringify({ run: live.run, rows: 2, first: 1 }) });
    expect(events.slice(1).map((e) => e.id)).toEqual([`${live.run}:1`, `${live.run}:2`, `${live.run}:3`]);
    expect(rowsOf(events)).toEqual(["conv-1", "conv-2", "conv-3"]);
  });

  it("a reconnect with Last-Event-ID gets exactly the rows after it; ?after= the same", async () => {
    const { live, origin } = await liveReceiver();
    for (let n = 1; n <= 5; n++) live.push(row(n));
    const resumed = await fetch(`${origin}/api/live`, { headers: { "Last-Event-ID": `${live.run}:3` } });
    expect(rowsOf(await readEvents(resumed, (events) => events.length === 3))).toEqual(["conv-4", "conv-5"]);
    const byQuery = await fetch(`${origin}/api/live?after=${live.run}:4`);
    expect(rowsOf(await readEvents(byQuery, (events) => events.length === 2))).toEqual(["conv-5"]);
  });

  it("an id from another run (the server restarted) replays this run from its first row", async () => {
    const { live, origin } = await liveReceiver();
    live.push(row(1));
    live.push(row(2));
    const response = await fetch(`${origin}/api/live`, { headers: { "Last-Event-ID": "0123456789ab:7" } });
    expect(rowsOf(await readEvents(response, (events) => events.length === 3))).toEqual(["conv-1", "conv-2"]);
  });

  it("past maxBytes the oldest rows are let go: a late page is told which ones, then gets the rows held", async () => {
    const one = JSON.stringify(row(10)).length;
    // Room for three rows of this size.
    const { live, origin } = await liveReceiver(60_000, 3 * one);
    for (let n = 10; n <= 19; n++) live.push(row(n));
    expect([live.size, live.first]).toEqual([10, 8]);
    const late = await fetch(`${origin}/api/live`);
    const events = await readEvents(late, (e) => e.length === 5);
    expect(events[0]).toEqual({ event: "hello", data: JSON.stringify({ run: live.run, rows: 10, first: 8 }) });
    expect(events[1]).toEqual({ event: "dropped", data: JSON.stringify({ from: 1, to: 7 }) });
    expect(events.slice(2).map((e) => e.id)).toEqual([`${live.run}:8`, `${live.run}:9`, `${live.run}:10`]);
    expect(rowsOf(events)).toEqual(["conv-17", "conv-18", "conv-19"]);
    // A reconnect from a row still held is told of nothing missing.
    const resumed = await fetch(`${origin}/api/live`, { headers: { "Last-Event-ID": `${live.run}:8` } });
    const again = await readEvents(resumed, (e) => e.length === 3);
    expect(again.map((e) => e.event)).toEqual(["hello", "row", "row"]);
    // One from a row let go: only the ones after it that are gone.
    const behind = await fetch(`${origin}/api/live`, { headers: { "Last-Event-ID": `${live.run}:5` } });
    expect((await readEvents(behind, (e) => e.length >= 2))[1]).toEqual({ event: "dropped", data: JSON.stringify({ from: 6, to: 7 }) });
  });

  it("a row larger than maxBytes alone is still held (the newest row always is)", async () => {
    const { live } = await liveReceiver(60_000, 4);
    live.push(row(1));
    live.push(row(2));
    expect([live.size, live.first]).toEqual([2, 2]);
  });

  it("holds at most maxBytes over many rows (the let-go front is compacted)", async () => {
    const one = JSON.stringify(row(100_000)).length;
    const { live } = await liveReceiver(60_000, 50 * one);
    for (let n = 100_000; n < 110_000; n++) live.push(row(n));
    expect(live.size).toBe(10_000);
    expect(live.size - live.first + 1).toBe(50);
  });

  it("a malformed id is refused with 400, naming it; a POST with 405", async () => {
    const { origin } = await liveReceiver();
    const bad = await fetch(`${origin}/api/live`, { headers: { "Last-Event-ID": "seven" } });
    expect([bad.status, await bad.text()]).toEqual([400, 'event id "seven" is not <run>:<row number>\n']);
    const post = await fetch(`${origin}/api/live`, { method: "POST", body: "x" });
    expect(post.status).toBe(405);
  });

  it("rows completed by the receiver reach the stream; its requests are not counted as OTLP requests", async () => {
    const { receiver, origin } = await liveReceiver(100);
    const response = await fetch(`${origin}/api/live`);
    const reading = readEvents(response, (events) => events.length === 2);
    const otlp = exportOf([span({ traceId: "t1", start: 1, name: "chat", attributes: { "gen_ai.conversation.id": "conv-a", "gen_ai.prompt": "hi", "gen_ai.completion": "hello" } })]);
    expect((await fetch(receiver.url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(otlp) })).status).toBe(200);
    // The conversation completes once idle for 100 ms; the stream carries it.
    expect(rowsOf(await reading)).toEqual(["conv-a"]);
    expect([receiver.stats.requests, receiver.stats.rejected, receiver.stats.rows]).toEqual([1, 0, 1]);
  });

  it("close ends every open stream, so the server can close; later requests get 503", async () => {
    const { live, receiver, origin } = await liveReceiver();
    const response = await fetch(`${origin}/api/live`);
    const reading = readEvents(response, () => false);
    live.close();
    expect(await reading).toEqual([{ event: "hello", data: JSON.stringify({ run: live.run, rows: 0, first: 1 }) }]);
    expect((await fetch(`${origin}/api/live`)).status).toBe(503);
    await receiver.close();
    running.splice(0);
  });
});
