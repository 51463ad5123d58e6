import { describe, expect, it } from "vitest";
import { EventLists } from "./event-lists.js";
import { eventMessages } from "./events.js";

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    return a / 4294967296;
  };
}

const NAMES = ["gen_ai.user.message", "gen_ai.tool.message", "gen_ai.assistant.message", "gen_ai.choice", "gen_ai.system.message", "gen_ai.content.prompt", "other"];
const CONTENTS = [
  '{"role": "user", "content": "hi"}',
  '{"content": "where is my order"}',
  '{"role": "tool", "content": "{\\"ok\\": true}", "id": "call_1"}',
  '{"role": "assistant", "content": null, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{\\"x\\": 1}"}}]}',
  '{"role": "assistant", "tool_calls": [{"type": "function", "function": {"name": "g", "arguments": "{}"}}]}',
  '{"index": 0, "message": {"role": "assistant", "content": "done"}, "finish_reason": "stop"}',
  "plain text",
  "{broken",
];

/** One event, mostly with `gen_ai.event.content`, sometimes with odd attributes. */
function event(random: () => number): unknown {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const name = pick(NAMES);
  const roll = random();
  if (roll < 0.05) return { name, attributes: { "gen_ai.event.content": pick(CONTENTS) } };
  if (roll < 0.1) return { name, attributes: [{ key: "content", value: { arrayValue: { values: [{ stringValue: "a" }] } } }] };
  if (roll < 0.15) return { name, attributes: [{ key: "content", value: { stringValue: "x" } }, { key: "content", value: { intValue: 3 } }] };
  if (roll < 0.18) return { name, attributes: [{ key: 7, value: { stringValue: "x" } }, "odd"] };
  if (roll < 0.2) return { name: null };
  if (name === "gen_ai.content.prompt") return { name, attributes: [{ key: "gen_ai.prompt", value: { stringValue: '[{"role": "user", "content": "listed"}]' } }] };
  return { name, attributes: [{ key: "gen_ai.event.content", value: { stringValue: pick(CONTENTS) } }] };
}

/** Spans whose events mostly extend the span before, sometimes changed, cut or reordered. */
function spans(seed: number): Record<string, unknown>[] {
  const random = rng(seed);
  const out: Record<string, unknown>[] = [];
  let events: unknown[] = [];
  for (let s = 0; s < 8; s++) {
    const roll = random();
    if (roll < 0.1) events = events.slice(0, Math.floor(random() * events.length));
    else if (roll < 0.2 && events.length) events = events.map((e, i) => (i === Math.floor(random() * events.length) ? event(random) : e));
    else if (roll < 0.25) events = [...events].reverse();
    const add = Math.floor(random() * 3);
    for (let k = 0; k < add; k++) events = [...events, event(random)];
    // A fresh copy of each event, as a parsed export gives: equal content, other objects.
    out.push({ name: "chat", events: JSON.parse(JSON.stringify(events)) });
  }
  return out;
}

describe("EventLists", () => {
  it("reads every span of a conversation as reading it alone does", () => {
    for (let seed = 1; seed <= 400; seed++) {
      const lists = new EventLists();
      for (const span of spans(seed)) {
        for (const side of ["user", "assistant"] as const) {
          expect(eventMessages(span, side, lists), `seed ${seed}`).toEqual(eventMessages(span, side));
        }
      }
    }
  });

  it("goes on from the previous span's read when the events extend it", () => {
    const lists = new EventLists();
    const user = (text: string) => ({ name: "gen_ai.user.message", attributes: [{ key: "gen_ai.event.content", value: { stringValue: JSON.stringify({ content: text }) } }] });
    expect(eventMessages({ events: [user("a")] }, "user", lists)?.texts).toEqual(["a"]);
    expect(eventMessages({ events: [user("a"), user("b")] }, "user", lists)?.texts).toEqual(["a", "b"]);
    // A changed first event is read whole, not taken from before.
    expect(eventMessages({ events: [user("c"), user("b"), user("d")] }, "user", lists)?.texts).toEqual(["c", "b", "d"]);
    expect(eventMessages({ events: [{ name: "other" }] }, "user", lists)).toBeNull();
  });
});
