import { describe, expect, it } from "vitest";
import { FlatLists } from "./flat-lists.js";
import { openInferenceMessages } from "./openinference.js";
import { openLlmetryMessages } from "./openllmetry.js";

/** Seeded generator, so a failure names a reproducible seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    return a / 4294967296;
  };
}

const ROLES = ["user", "assistant", "tool", "system", "User", ""];
const TEXTS = ["hi", "", "[\"a\", {\"type\": \"text\", \"text\": \"b\"}]", "{\"ok\": true}", "[1,", 0, false, null];

/** The attributes of one OpenInference or OpenLLMetry message (`at` is its index segment). */
function messageAttributes(random: () => number, openInference: boolean, prefix: string, at: string): [string, unknown][] {
  const base = openInference ? `${prefix}.${at}.message` : `${prefix}.${at}`;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const out: [string, unknown][] = [[`${base}.role`, pick(ROLES)]];
  if (random() < 0.8) out.push([`${base}.content`, pick(TEXTS)]);
  if (random() < 0.3) out.push([`${base}.tool_call_id`, `call_${Math.floor(random() * 3)}`]);
  if (random() < 0.3) {
    const call = openInference ? `${base}.tool_calls.0.tool_call` : `${base}.tool_calls.0`;
    const fn = openInference ? `${call}.function` : call;
    out.push([`${call}.id`, random() < 0.5 ? `call_${Math.floor(random() * 3)}` : ""], [`${fn}.name`, pick(["f", "g"])], [`${fn}.arguments`, pick(['{"x": 1}', "", "oops"])]);
  }
  return out;
}

/**
 * A conversation's spans whose lists mostly extend the one before, with the cases that must
 * not take the shortcut: a changed value, a dropped message, an index below the last one,
 * index spellings that sort alike ("01"), names that are no index, and duplicated names.
 */
function conversation(seed: number, openInference: boolean, prefix: string): Map<string, unknown>[] {
  const random = rng(seed);
  const spans: Map<string, unknown>[] = [];
  let pairs: [string, unknown][] = [];
  let next = 0;
  for (let s = 0; s < 8; s++) {
    const roll = random();
    if (roll < 0.1) pairs = pairs.slice(0, Math.floor(random() * pairs.length));
    else if (roll < 0.2 && pairs.length) pairs[Math.floor(random() * pairs.length)] = [pairs[Math.floor(random() * pairs.length)][0], "changed"];
    const add = 1 + Math.floor(random() * 3);
    for (let k = 0; k < add; k++) {
      const r = random();
      const at = r < 0.08 ? String(Math.max(0, next - 2)) : r < 0.14 ? `0${next}` : r < 0.18 ? "x" : r < 0.2 ? "99999999999999999999" : String(next);
      pairs = pairs.concat(messageAttributes(random, openInference, prefix, at));
      next++;
    }
    const attrs = new Map<string, unknown>([["other.key", s]]);
    for (const [key, value] of pairs) attrs.set(key, value);
    spans.push(attrs);
  }
  return spans;
}

describe("FlatLists", () => {
  for (const [name, read, prefix, openInference] of [
    ["OpenInference", openInferenceMessages, "llm.input_messages", true],
    ["OpenLLMetry", openLlmetryMessages, "gen_ai.prompt", false],
  ] as const) {
    it(`reads every span of a conversation as reading it alone does (${name})`, () => {
      for (let seed = 1; seed <= 300; seed++) {
        const lists = new FlatLists();
        for (const attrs of conversation(seed, openInference, prefix)) {
          for (const side of ["user", "assistant"] as const) {
            expect(read(attrs, side, lists), `seed ${seed}`).toEqual(read(attrs, side));
          }
        }
      }
    });
  }

  it("answers null for a span without the prefix, and goes on from the last span that had it", () => {
    const lists = new FlatLists();
    const first = new Map<string, unknown>([["gen_ai.prompt.0.role", "user"], ["gen_ai.prompt.0.content", "a"]]);
    const none = new Map<string, unknown>([["gen_ai.system", "openai"]]);
    const second = new Map<string, unknown>([...first, ["gen_ai.prompt.1.role", "user"], ["gen_ai.prompt.1.content", "b"]]);
    expect(openLlmetryMessages(first, "user", lists)?.texts).toEqual(["a"]);
    expect(openLlmetryMessages(none, "user", lists)).toBeNull();
    expect(openLlmetryMessages(second, "user", lists)?.texts).toEqual(["a", "b"]);
  });
});
