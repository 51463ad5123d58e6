import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { FINAL_KEYS, PROMPT_KEYS, STEP_KEYS } from "../constants.js";
import { loadTraces, loadTracesWithReport } from "./load.js";
import { TraceRowSchema } from "./schema.js";

describe("loadTraces", () => {
  afterEach(() => {
    PROMPT_KEYS.splice(0, PROMPT_KEYS.length, "prompt", "question", "input", "task", "ask");
    STEP_KEYS.splice(0, STEP_KEYS.length, "steps", "tool_trace", "trace");
    FINAL_KEYS.splice(0, FINAL_KEYS.length, "final_text", "final", "output", "response", "answer");
  });

  it("reads prompt and final text from their aliases (traces.md §3.5)", () => {
    expect(loadTraces([{ question: "Where is order 4473?", output: "Shipped." }])).toEqual([
      { question: "Where is order 4473?", output: "Shipped.", steps: [], prompt: "Where is order 4473?", final_text: "Shipped." },
    ]);
  });

  it("labels with a named column and a threshold", () => {
    expect(loadTraces([{ prompt: "cancel my order", score: 0.75 }], { rewardKey: "score", threshold: 0.5 })).toEqual([
      { prompt: "cancel my order", score: 0.75, steps: [], final_text: "", reward: 1 },
    ]);
  });

  it("writes 0/1 rewards and removes unreadable ones", () => {
    const rewards = [true, 1.0, "0", " 1 ", false, "maybe", 0.7, null].map((reward) => loadTraces([{ prompt: "p", reward }])[0]);
    expect(rewards.map((row) => row.reward)).toEqual([1, 1, 0, 1, 0, undefined, undefined, undefined]);
    expect(rewards.slice(5).every((row) => !("reward" in row))).toBe(true);
    expect("reward" in loadTraces([{ prompt: "p" }])[0]).toBe(false);
    expect("qwen_reward" in loadTraces([{ prompt: "p", qwen_reward: 1 }])[0]).toBe(true);
    expect(loadTraces([{ prompt: "p", qwen_reward: 1 }])[0].reward).toBeUndefined();
  });

  it("removes a valid reward when the named column gives no label (traces.md §16.4)", () => {
    const out = loadTraces([{ steps: [{ user: "" }, { user: "second" }], score: 0.75, reward: 1 }], { rewardKey: "score" });
    expect(out).toEqual([{ steps: [{ user: "" }, { user: "second" }], score: 0.75, prompt: "", final_text: "" }]);
    expect(Object.keys(out[0])).toEqual(["steps", "score", "prompt", "final_text"]);
  });

  it("normalises steps, drops non-dict ones and takes the prompt from the first user step", () => {
    const out = loadTraces([{ tool_trace: [{ tool: "x", input: "{}", output: "r" }, "junk", { user: "u" }] }]);
    expect(out[0].steps).toEqual([{ tool: "x", arguments: "{}", result: "r" }, { user: "u" }]);
    expect(out[0].prompt).toBe("u");
    expect(out[0].tool_trace).toEqual([{ tool: "x", input: "{}", output: "r" }, "junk", { user: "u" }]);
  });

  it("drops non-dict rows and rows with neither prompt nor steps", () => {
    expect(loadTraces(["not a dict", {}, { prompt: "real ask" }])).toEqual([{ prompt: "real ask", steps: [], final_text: "" }]);
    expect(loadTraces([{ steps: [1, "x"] }, { prompt: "", final_text: "only a final" }, null, 5, [{ prompt: "nested" }]])).toEqual([]);
  });

  it("skips an empty or non-list steps key in favour of the next", () => {
    const out = loadTraces([{ steps: [], tool_trace: [{ user: "a" }], trace: [{ user: "b" }] }]);
    expect(out[0].steps).toEqual([{ user: "a" }]);
    expect(loadTraces([{ steps: 5, trace: [{ user: "b" }] }])[0].steps).toEqual([{ user: "b" }]);
    expect(loadTraces([{ steps: "abc", prompt: "p" }])[0].steps).toEqual([]);
  });

  it("converts messages only when no steps key has steps, and keeps the messages", () => {
    const messages = [
      { role: "user", content: "hi" },
      { role: "assistant", tool_calls: [{ id: "c", function: { name: "f", arguments: '{"k": 1}' } }] },
      { role: "tool", tool_call_id: "c", content: '{"ok": true}' },
      { role: "assistant", content: "first" },
      { role: "assistant", content: [{ type: "text", text: "done" }] },
    ];
    const [row] = loadTraces([{ messages }]);
    expect(row).toEqual({
      messages,
      steps: [{ user: "hi" }, { tool: "f", arguments: { k: 1 }, result: { ok: true } }, { text: "first" }, { text: "done" }],
      prompt: "hi",
      final_text: "done",
    });
    expect(loadTraces([{ messages, steps: [{ user: "own" }] }])[0].steps).toEqual([{ user: "own" }]);
    expect(loadTraces([{ messages: "hi" }])).toEqual([]);
  });

  it("renders non-string prompts and finals with Python's str()", () => {
    const [row] = loadTraces([{ input: { q: "hi" }, answer: 2.5, task: "later" }]);
    expect(row.prompt).toBe("{'q': 'hi'}");
    expect(row.final_text).toBe("2.5");
    expect(loadTraces([{ prompt: 0, question: 12, final: false, response: [1, true] }])[0]).toMatchObject({ prompt: "12", final_text: "[1, True]" });
    expect(loadTraces([{ prompt: NaN }])[0].prompt).toBe("nan");
  });

  it("takes the first user step even when empty, and the last text step", () => {
    const [row] = loadTraces([{ steps: [{ user: "" }, { user: "second" }, { text: 1 }, { text: "" }] }]);
    expect(row.prompt).toBe("");
    expect(row.final_text).toBe("");
    expect(loadTraces([{ steps: [{ user: 5 }, { text: "a" }, { text: 2 }] }])[0]).toMatchObject({ prompt: "5", final_text: "2" });
  });

  it("keeps key order: originals in place, new keys appended as steps, prompt, final_text, reward", () => {
    const [fresh] = loadTraces([{ question: "q", score: 1 }], { rewardKey: "score" });
    expect(Object.keys(fresh)).toEqual(["question", "score", "steps", "prompt", "final_text", "reward"]);
    const [existing] = loadTraces([{ reward: "1", final_text: "f", id: 1, prompt: "p", steps: [] }]);
    expect(Object.keys(existing)).toEqual(["reward", "final_text", "id", "prompt", "steps"]);
    expect(existing.reward).toBe(1);
  });

  it("never mutates the input rows and shares nested objects", () => {
    const step = { tool: "x", input: { a: 1 } };
    const row = { prompt: "p", reward: "maybe", steps: [step, "junk"], meta: { deep: [1] } };
    const snapshot = structuredClone(row);
    const [out] = loadTraces([row]);
    expect(row).toEqual(snapshot);
    expect(out).not.toBe(row);
    expect(out.meta).toBe(row.meta);
    expect((out.steps[0] as { arguments: unknown }).arguments).toBe(step.input);
  });

  it("reads the key arrays at call time", () => {
    PROMPT_KEYS.push("query");
    FINAL_KEYS.unshift("completion");
    STEP_KEYS.push("turns");
    const [row] = loadTraces([{ query: "q", completion: "c", output: "o", turns: [{ user: "u" }] }]);
    expect(row).toMatchObject({ prompt: "q", final_text: "c", steps: [{ user: "u" }] });
  });

  it("reads any iterable, and a single object as no rows (Python iterates its keys)", () => {
    function* rows() {
      yield { prompt: "a" };
      yield 7;
    }
    expect(loadTraces(rows())).toEqual([{ prompt: "a", steps: [], final_text: "" }]);
    expect(loadTraces(new Set([{ prompt: "b" }]))).toHaveLength(1);
    expect(loadTraces({ prompt: "a dict" })).toEqual([]);
    expect(loadTraces([])).toEqual([]);
  });

  it("returns a Promise for an async iterable", async () => {
    async function* rows() {
      yield { prompt: "a" };
      yield "x";
    }
    const pending = loadTraces(rows());
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toEqual([{ prompt: "a", steps: [], final_text: "" }]);
  });

  it("refuses a file path in the browser-safe entry and a non-iterable source", () => {
    expect(() => loadTraces("traces.jsonl")).toThrow(TypeError);
    expect(() => loadTraces("traces.jsonl")).toThrow(/@whileai\/traces\/node/);
    expect(() => loadTraces(5 as never)).toThrow(TypeError);
    expect(() => loadTraces(null as never)).toThrow(TypeError);
  });

  it("names an unknown option, such as the Python spelling", () => {
    expect(() => loadTraces([], { reward_key: "score" } as never)).toThrow(/loadTraces: unknown option "reward_key"/);
  });

  it("raises as Python does on a bad threshold only once a row holds a number", () => {
    expect(loadTraces([{ prompt: "p" }], { threshold: "high" })).toHaveLength(1);
    expect(() => loadTraces([{ prompt: "p", reward: 0.5 }], { threshold: "high" })).toThrow("could not convert string to float: 'high'");
  });

  it("reads the label after writing prompt, steps and final_text, as Python does", () => {
    expect(loadTraces([{ final: "1", question: "q", reward: 0 }], { rewardKey: "final_text" })[0].reward).toBe(1);
    expect(loadTraces([{ question: "0" }], { rewardKey: "prompt" })[0].reward).toBe(0);
    const [row] = loadTraces([{ prompt: "p", steps: 1, reward: 1 }], { rewardKey: ["steps", "reward"] });
    expect(row.reward).toBe(1);
    expect(Object.keys(row)).toEqual(["prompt", "steps", "reward", "final_text"]);
  });

  it("reads a reward column list in order, the first readable one winning", () => {
    const [row] = loadTraces([{ prompt: "p", a: "x", b: 0, reward: 1 }], { rewardKey: ["a", "b"] });
    expect(row.reward).toBe(0);
  });
});

describe("loadTracesWithReport", () => {
  it("counts the rows it drops, and why", () => {
    const report = loadTracesWithReport([1, "x", null, {}, { steps: [] }, { prompt: "a" }, [], { messages: [{ role: "user", content: "hi" }] }]);
    expect(report.rows.map((row) => row.prompt)).toEqual(["a", "hi"]);
    expect(report.dropped).toEqual({ not_object: 4, no_signal: 2 });
  });

  it("gives the same rows as loadTraces, asynchronously for an async iterable", async () => {
    const input = [{ prompt: "a", reward: 1 }, 5];
    async function* rows() {
      yield* input;
    }
    const report = await loadTracesWithReport(rows());
    expect(report).toEqual({ rows: loadTraces(input), dropped: { not_object: 1, no_signal: 0 }, half_read: 0 });
    expect(loadTracesWithReport({ a: 1 })).toEqual({ rows: [], dropped: { not_object: 0, no_signal: 0 }, half_read: 0 });
  });
});

const KEYS = [
  "prompt", "question", "input", "task", "ask", "steps", "tool_trace", "trace", "messages", "final_text", "final",
  "output", "response", "answer", "reward", "score", "tool", "arguments", "args", "result", "role", "content",
  "tool_calls", "function", "name", "id", "tool_call_id", "tool_use_id", "type", "is_error", "text", "user", "__proto__",
];
const ROLES = fc.constantFrom("user", "assistant", "tool", "system");
const TYPES = fc.constantFrom("text", "tool_use", "tool_result");

/** JSON values biased toward the keys and values the loader reads, nested a few levels. */
const traceLike = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, fc.jsonValue({ maxDepth: 1 }), ROLES, TYPES, tie("object"), fc.array(tie("value"), { maxLength: 4 })),
  object: fc.dictionary(fc.constantFrom(...KEYS), tie("value"), { maxKeys: 6 }),
}));

describe("loadTraces on arbitrary JSON", () => {
  const sources = [fc.array(fc.jsonValue(), { maxLength: 10 }), fc.array(traceLike.object, { maxLength: 10 }), fc.array(traceLike.value, { maxLength: 10 })];
  for (const [i, source] of sources.entries()) {
    it(`never throws, never mutates, and every row validates (generator ${i})`, () => {
      fc.assert(
        fc.property(source, (rows) => {
          const snapshot = structuredClone(rows);
          const report = loadTracesWithReport(rows as unknown[]);
          expect(rows).toEqual(snapshot);
          for (const row of report.rows) expect(TraceRowSchema.safeParse(row).success).toBe(true);
          expect(report.rows.length + report.dropped.not_object + report.dropped.no_signal).toBe(rows.length);
          expect(loadTraces(rows as unknown[])).toEqual(report.rows);
        }),
        { numRuns: 500 },
      );
    });
  }
});
