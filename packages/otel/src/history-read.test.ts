import { describe, expect, it } from "vitest";
import { HistoryParser } from "./history-parse.js";
import { readMessages, type Side } from "./messages.js";
import type { MessageRead } from "./conventions/message.js";

// Bounded by count; the seed is in the test name, and OTEL_FUZZ_SEED replays another one.
const SEED = Number(process.env.OTEL_FUZZ_SEED ?? 16);
const HISTORIES = 150;

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function message(random: () => number, n: number): unknown {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const id = pick([`c${n % 3}`, ` c${n} `, "", null]);
  const args = pick(['{"q": 1}', "[1, 2]", "not json", "", { q: n }, null]);
  switch (pick(["user", "assistant", "tool", "system", "parts", "odd"])) {
    case "user":
      return { role: pick(["user", "USER", " user"]), content: pick([`hi ${n}`, "", [{ text: "a" }, "b"], null]) };
    case "assistant":
      return { role: "assistant", content: pick([`ok ${n}`, null]), tool_calls: [{ id, function: { name: pick(["f", "g", ""]), arguments: args } }, { id, name: "h", arguments: args }] };
    case "tool":
      return { role: "tool", tool_call_id: id, content: pick(['{"temp": 18}', "[1]", "rainy", ""]) };
    case "system":
      return { role: "system", content: "be brief" };
    case "parts":
      return {
        role: pick(["user", "assistant", "tool"]),
        parts: [
          { type: "text", content: `p${n}` },
          { type: "tool_call", id, name: pick(["f", ""]), arguments: args },
          { type: "tool_call_response", id, response: pick(['{"a": 1}', "x"]) },
        ],
      };
    default:
      return pick([null, 7, "text", [], { role: 5 }]);
  }
}

/** A read as data: deferred tool answers are read through their getter. */
function plain(read: MessageRead): unknown {
  return { ...read, responses: read.responses.map(({ id, response }) => ({ id, response })) };
}

describe(`HistoryParser.readList (property, seed ${SEED}, ${HISTORIES} histories)`, () => {
  it("reads every growing, edited or reformatted history as readMessages without a parser does", () => {
    const random = rng(SEED);
    for (let h = 0; h < HISTORIES; h++) {
      const parsers: Record<Side, HistoryParser> = { user: new HistoryParser(), assistant: new HistoryParser() };
      const items: unknown[] = [];
      const spans = 1 + Math.floor(random() * 8);
      for (let s = 0; s < spans; s++) {
        const added = Math.floor(random() * 4);
        for (let k = 0; k < added; k++) items.push(message(random, items.length));
        // Sometimes an earlier message changes, or the text is spaced differently: no prefix to reuse.
        if (items.length && random() < 0.15) items[Math.floor(random() * items.length)] = message(random, -1);
        const text = random() < 0.1 ? JSON.stringify(items, null, 1) : JSON.stringify(items);
        for (const side of ["user", "assistant"] as const) {
          expect(plain(readMessages(text, side, parsers[side])), `history ${h}, span ${s}, ${side}`).toEqual(plain(readMessages(text, side)));
        }
      }
    }
  });
});
