// The event-stream parser of the live client (src/live/sse-reader.ts), by the HTML standard's
// rules, on text cut at every possible place: the events are the same however the bytes arrive.
import { describe, expect, test } from "vitest";
import { sseParser, type SseEvent } from "../src/live/sse-reader.js";

function parse(chunks: string[], startId = ""): { events: SseEvent[]; retries: number[]; lastEventId: string } {
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const parser = sseParser((e) => events.push(e), (ms) => retries.push(ms), startId);
  for (const chunk of chunks) parser.feed(chunk);
  return { events, retries, lastEventId: parser.lastEventId() };
}

const STREAM = "retry: 500\r\nevent: hello\r\ndata: {\"run\":\"r\"}\r\n\r\n: a comment\n\nid: r:1\nevent: row\ndata: a\ndata:b\n\nid: r:2\rdata: c\r\rdata: no blank line yet";

describe("the live client's event-stream parser", () => {
  test("every split of the stream gives the same events, retry and last id; an event not yet ended is not dispatched", () => {
    const whole = parse([STREAM]);
    expect(whole.events).toEqual([
      { type: "hello", lastEventId: "", data: '{"run":"r"}' },
      { type: "row", lastEventId: "r:1", data: "a\nb" },
      { type: "message", lastEventId: "r:2", data: "c" },
    ]);
    expect(whole.retries).toEqual([500]);
    expect(whole.lastEventId).toBe("r:2");
    for (let cut = 0; cut <= STREAM.length; cut++) {
      for (const second of [cut, Math.min(STREAM.length, cut + 1), Math.min(STREAM.length, cut + 7)]) {
        expect(parse([STREAM.slice(0, cut), STREAM.slice(cut, second), STREAM.slice(second)]), `cut at ${cut} and ${second}`).toEqual(whole);
      }
    }
  });

  test("an id becomes the last id only when its event ends: a connection cut in between resumes before it", () => {
    expect(parse(["id: r:1\ndata: x\n\nid: r:2\ndata: y\n"]).lastEventId).toBe("r:1");
    // A reconnect's parser starts from the id it resumed after, for events that carry none.
    expect(parse(["data: z\n\n"], "r:1").events).toEqual([{ type: "message", lastEventId: "r:1", data: "z" }]);
    // An id with NUL is ignored; a retry that is not digits too.
    expect(parse(["id: a\0b\nretry: 5s\ndata: w\n\n"], "r:1")).toEqual({ events: [{ type: "message", lastEventId: "r:1", data: "w" }], retries: [], lastEventId: "r:1" });
  });
});
