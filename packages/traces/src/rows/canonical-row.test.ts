import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RowLoader } from "./canonical-row.js";

/** A loader that has already read one dict row, so its label keys are resolved. */
function primed(rewardKey?: string, threshold?: unknown): RowLoader {
  const loader = new RowLoader(rewardKey, threshold);
  loader.load({ prompt: "warm up" });
  return loader;
}

const loaded = {
  prompt: "Where is order 12?",
  steps: [{ tool: "lookup_order", arguments: { order_id: "12" }, result: { status: "ok" } }, { text: "thinking" }],
  final_text: "Shipped.",
  reward: 1,
  ts: 5,
};

describe("RowLoader.view", () => {
  it("hands back an already canonical row itself, equal to what load would build", () => {
    const loader = primed();
    expect(loader.view(loaded)).toBe(loaded);
    expect(primed().load(loaded)).toEqual(loaded);
    const unlabelled = { prompt: "p", steps: [{ tool: "t" }], final_text: "" };
    expect(loader.view(unlabelled)).toBe(unlabelled);
  });

  it("answers as load does for every row that still needs rewriting", () => {
    const rows: unknown[] = [
      { ...loaded, reward: true }, // a bool label becomes 1
      { ...loaded, reward: 0.5 }, // an unreadable label goes
      { ...loaded, final_text: undefined, final: "Done." }, // final text from another key
      { ...loaded, prompt: "", question: "Q?" }, // prompt from another key
      { ...loaded, steps: [{ tool: "t", args: { a: 1 } }] }, // an argument alias to rename
      { ...loaded, steps: [{ tool: "t", output: "x" }] }, // a result alias to rename
      { ...loaded, steps: [5, { tool: "t" }] }, // a non-dict step to drop
      { ...loaded, steps: [], tool_trace: [{ tool: "t" }] }, // steps under another key
      { prompt: "p", messages: [{ role: "user", content: "hi" }] }, // chat messages
      { ...loaded, prompt: undefined, steps: [{ tool: "t", user: "from step" }] }, // prompt from a step
      { ...loaded, prompt: 7 }, // a non-string prompt is written as text
      "not a row",
      { nothing: true },
    ];
    for (const row of rows) {
      const viewed = primed().view(row);
      expect(viewed).toEqual(primed().load(row));
      if (viewed !== null) expect(viewed).not.toBe(row);
    }
  });

  it("honours a named label key and a threshold", () => {
    const scored = { ...loaded, reward: 0.9 };
    expect(primed("reward", 0.5).view(scored)).toEqual({ ...loaded, reward: 1 });
    const named = primed("score").view(loaded);
    expect(named).toEqual(primed("score").load(loaded));
    expect(named).not.toHaveProperty("reward");
  });

  it("counts dropped rows as load does", () => {
    const loader = primed();
    loader.view("x");
    loader.view({ ts: 1 });
    expect(loader.dropped).toEqual({ not_object: 1, no_signal: 1 });
  });
});

describe("RowLoader.view on rows as read", () => {
  const chat = () => ({
    messages: [
      { role: "user", content: "hi" },
      { role: "assistant", tool_calls: [{ id: "c", function: { name: "t", arguments: "{}" } }] },
      { role: "tool", tool_call_id: "c", content: '{"status": "ok"}' },
    ],
  });

  it("builds what load builds, sharing parsed results that load keeps apart", () => {
    const loader = primed();
    const [a, b] = [loader.view(chat()), loader.view(chat())];
    expect(a).toEqual(primed().load(chat()));
    expect(a?.steps[1].result).toBe(b?.steps[1].result);
    const [c, d] = [loader.load(chat()), loader.load(chat())];
    expect(c?.steps[1].result).toEqual(d?.steps[1].result);
    expect(c?.steps[1].result).not.toBe(d?.steps[1].result);
  });

  it("reads a step needing no rename in place, where load copies it", () => {
    const step = { tool: "t", arguments: {}, result: "ok" };
    const row = { prompt: "p", steps: [step], final_text: "", reward: 0.5 };
    expect(primed().view(row)?.steps[0]).toBe(step);
    expect(primed().load(row)?.steps[0]).not.toBe(step);
    expect(primed().view(row)).toEqual(primed().load(row));
  });
});

describe("RowLoader.view on random rows", () => {
  const text = fc.oneof(fc.constantFrom("", " ", "ok", '{"status": "ok"}', '{"status": "timeout"}', "[1, 2]", "42", '{"a": 1'), fc.string({ maxLength: 4 }));
  const value = fc.oneof(text, fc.constantFrom(0, 1, true, false, "1", "0.5", 0.5, null, [], {}), fc.jsonValue({ maxDepth: 2 }));
  const openai = fc.record(
    {
      role: fc.constantFrom("user", "assistant", "tool", "system"),
      content: fc.oneof(text, fc.constant(null)),
      tool_calls: fc.array(fc.record({ id: fc.constantFrom("a", "b", ""), function: fc.record({ name: fc.constantFrom("t", "u", ""), arguments: fc.oneof(text, value) }) }), { maxLength: 2 }),
      tool_call_id: fc.constantFrom("a", "b", ""),
      name: fc.constantFrom("t", "u"),
    },
    { requiredKeys: ["role"] },
  );
  const block = fc.oneof(
    fc.record({ type: fc.constant("text"), text }),
    fc.record({ type: fc.constant("tool_use"), id: fc.constantFrom("a", "b"), name: fc.constantFrom("t", "u"), input: value }),
    fc.record({ type: fc.constant("tool_result"), tool_use_id: fc.constantFrom("a", "b"), content: text, is_error: fc.boolean() }, { requiredKeys: ["type"] }),
    fc.record({ type: fc.constant("tool-call"), toolCallId: fc.constantFrom("a", "b"), toolName: fc.constantFrom("t", ""), input: value }, { requiredKeys: ["type"] }),
    fc.record({ type: fc.constant("tool-result"), toolCallId: fc.constantFrom("a", "b"), toolName: fc.constant("t"), output: fc.oneof(value, fc.record({ type: fc.constantFrom("json", "text", "error-text", "content"), value })) }, { requiredKeys: ["type"] }),
    value,
  );
  const blocks = fc.record({ role: fc.constantFrom("user", "assistant", "tool"), content: fc.array(block, { maxLength: 3 }) });
  const step = fc.dictionary(fc.constantFrom("tool", "arguments", "result", "input", "output", "args", "user", "text", "constructor", "__proto__"), value, { maxKeys: 4 });
  const KEYS = ["prompt", "question", "final_text", "final", "reward", "qwen_reward", "score", "steps", "tool_trace", "messages", "constructor", "__proto__", "toString", "ts"];
  const field = fc.oneof(value, fc.array(step, { maxLength: 3 }), fc.array(fc.oneof(openai, blocks), { maxLength: 4 }));
  // Entries through Object.fromEntries, so a "__proto__" key is data, as JSON.parse makes it.
  const row = fc.oneof(
    { weight: 6, arbitrary: fc.array(fc.tuple(fc.constantFrom(...KEYS), field), { maxLength: 6 }).map((entries) => Object.fromEntries(entries)) },
    { weight: 1, arbitrary: value },
  );
  const rewardKey = fc.constantFrom(undefined, "reward", "score", ["score", "reward"], "steps", "prompt", "constructor", "__proto__");
  const threshold = fc.constantFrom(undefined, 0.5, "0.7", true);

  it("views what load builds, for any label key, threshold and message shape", () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 6 }), rewardKey, threshold, (rows, key, bar) => {
        const viewer = new RowLoader(key, bar);
        const loader = new RowLoader(key, bar);
        for (const source of rows) {
          const before = JSON.stringify(source);
          expect(viewer.view(source)).toEqual(loader.load(source));
          expect(JSON.stringify(source)).toBe(before);
        }
        expect(viewer.dropped).toEqual(loader.dropped);
        expect(viewer.halfRead).toBe(loader.halfRead);
      }),
      { numRuns: 1500 },
    );
  });
});
