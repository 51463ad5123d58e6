import { describe, expect, it } from "vitest";
import { leakageReport } from "./leakage-report.js";

// traces-helpers.md §6.1: the Python SDK's test fixture, prompts only.
const TRACES = [
  "where is order 4412",
  "check on my order pls",
  "refund order 9911 now",
  "status of order 130",
  "refund my double charge",
].map((prompt, i) => ({ prompt, steps: [{ tool: i % 2 ? "create_refund" : "lookup_order", arguments: { order_id: "ord_11" } }] }));

const GENERATED = [
  { prompt: "where is order 4412" },
  { prompt: "Where is  ORDER 4412" },
  { prompt: "my package never arrived and support is not answering" },
];

describe("leakageReport", () => {
  it("reproduces the Python SDK's worked example", () => {
    expect(leakageReport(GENERATED, TRACES, { threshold: 0.9 })).toEqual({
      n: 3,
      n_sources: 5,
      threshold: 0.9,
      n_leaky: 2,
      max_similarity: 1.0,
      leaky: [
        { row: 0, source: 0, similarity: 1.0 },
        { row: 1, source: 0, similarity: 1.0 },
      ],
    });
  });

  it("keeps Python's key order", () => {
    expect(Object.keys(leakageReport(GENERATED, TRACES))).toEqual(["n", "n_sources", "threshold", "n_leaky", "max_similarity", "leaky"]);
  });

  it("reports an unrounded max_similarity and a rounded similarity", () => {
    const report = leakageReport([GENERATED[2]], TRACES, { threshold: 0 });
    expect(report.max_similarity).toBe(0.09166984970282113);
    expect(report.leaky).toEqual([{ row: 0, source: 0, similarity: 0.0917 }]);
  });

  it("flags on >= the threshold, to the last bit", () => {
    const gen = ["refund order 9911 now"];
    const src = ["refund my double charge"];
    expect(leakageReport(gen, src, { threshold: 0.14285714285714288 }).n_leaky).toBe(1);
    expect(leakageReport(gen, src, { threshold: 0.1428571428571429 }).n_leaky).toBe(0);
  });

  it("keeps the lowest source index on a cosine tie, even when a later source matches exactly", () => {
    // "hi!" and "hi" hash alike; the exact match with "hi" sets 1.0 but not the index.
    expect(leakageReport(["hi"], ["hello", "hi!", "hi"], { threshold: 0.5 }).leaky).toEqual([{ row: 0, source: 1, similarity: 1.0 }]);
  });

  it("flags an exact match whose cosine is 0 with source -1", () => {
    const report = leakageReport(["!!!", "x"], ["!!!"], { threshold: 0.5 });
    expect(report.n_leaky).toBe(1);
    expect(report.leaky).toEqual([{ row: 0, source: -1, similarity: 1.0 }]);
  });

  it("matches exactly regardless of case and whitespace, not punctuation", () => {
    expect(leakageReport(["WHERE\tis\norder  4412  "], ["where is order 4412"], { threshold: 1.5 }).n_leaky).toBe(1);
    // Same hash vector, cosine 0.9999999999999999: the "?" keeps it from matching exactly.
    expect(leakageReport(["refund order 81?"], ["refund order 81"], { threshold: 1.5 })).toMatchObject({ n_leaky: 0, max_similarity: 0.9999999999999999 });
    expect(leakageReport(["Refund  ORDER 81"], ["refund order 81"], { threshold: 1.5 }).n_leaky).toBe(1);
  });

  it("caps the examples but counts every leak", () => {
    const s = [{ prompt: "refund order 81" }, { prompt: "refund order 82" }];
    const one = leakageReport(s, s, { examples: 1 });
    expect(one.n_leaky).toBe(2);
    expect(one.leaky).toHaveLength(1);
    expect(leakageReport(s, s).leaky).toHaveLength(2);
    expect(leakageReport(s, s, { examples: "0" }).leaky).toHaveLength(0);
    expect(leakageReport(s, s, { examples: 1.9 }).leaky).toHaveLength(1);
  });

  it("reads every source shape of issue #479 alike", () => {
    const q = "Why are so few drugs with promising animal trials tested in humans?";
    const holdout = { prompt: q, task_id: "h1" };
    const flat = leakageReport([{ prompt: q, task_id: "t1" }], [holdout]);
    for (const sources of [[[holdout]], [q], holdout, [[holdout], [{ prompt: "unrelated" }]]]) {
      const report = leakageReport([{ prompt: q, task_id: "t1" }], sources);
      expect(report.n_leaky).toBe(1);
      expect(report.max_similarity).toBe(1.0);
      expect(report.leaky).toEqual(flat.leaky);
    }
  });

  it("returns an empty report without sources or generated rows, before resolving the embedder", () => {
    for (const sources of [[], [[]], null, [{ prompt: "   " }, ""]]) {
      expect(leakageReport(GENERATED, sources, { embedder: "nope" })).toMatchObject({ n: 3, n_sources: 0, n_leaky: 0, max_similarity: 0, leaky: [] });
    }
    expect(leakageReport([], TRACES)).toMatchObject({ n: 0, n_sources: 5, n_leaky: 0 });
  });

  it("judges odd generated items on their own text and counts them all", () => {
    const report = leakageReport(["!!!", "", "   ", { prompt: null }, { no_prompt: 1 }, null, 0], ["!!!", "refund order 81"]);
    expect(report).toMatchObject({ n: 7, n_sources: 2, n_leaky: 1, leaky: [{ row: 0, source: -1, similarity: 1.0 }] });
  });

  it("flags empty texts only when the threshold allows a zero similarity", () => {
    expect(leakageReport(["", "hi"], ["hello there"], { threshold: 0 })).toMatchObject({ n_leaky: 2, max_similarity: 0 });
  });

  it("keeps the caller's threshold in the report but compares with min(threshold, 1.0)", () => {
    const report = leakageReport(["refund order 81"], ["refund order 82"], { threshold: 1.5 });
    expect(report.threshold).toBe(1.5);
    expect(report.n_leaky).toBe(0);
    expect(leakageReport(["refund order 81"], ["refund order 81"], { threshold: "1.5" }).n_leaky).toBe(1);
  });

  it("throws Python's errors for a bad embedder name and a bad threshold", () => {
    expect(() => leakageReport(["a"], ["b"], { embedder: "foo" })).toThrow("embedder must be hash, bge, ollama:<model>, openai:<model>, or a callable");
    expect(() => leakageReport(["a"], ["b"], { threshold: null as never })).toThrow(TypeError);
    // float("high") is Python's ValueError, with its message, even before anything is scanned.
    expect(() => leakageReport(["a"], ["b"], { threshold: "high" })).toThrow(new Error("could not convert string to float: 'high'"));
    expect(() => leakageReport([], [], { threshold: "high" })).not.toThrow(TypeError);
    expect(() => leakageReport([], [], { threshold: "high" })).toThrow("could not convert string to float: 'high'");
    expect(() => leakageReport(["a"], ["b"], { thresold: 0.5 } as never)).toThrow(/unknown option "thresold"/);
  });

  it("raises on a bad examples value only once a row is flagged, as Python does", () => {
    expect(leakageReport(["a"], ["b"], { examples: "many" }).n_leaky).toBe(0);
    expect(() => leakageReport(["a"], ["a"], { examples: "many" })).toThrow("invalid literal for int() with base 10: 'many'");
  });

  it("reads examples with int(): Unicode digits and Python's whitespace, but not \\x1c", () => {
    const s = ["a", "b", "c"];
    expect(leakageReport(s, s, { examples: "\u0662" }).leaky).toHaveLength(2);
    expect(leakageReport(s, s, { examples: "\u3000 1\x85" }).leaky).toHaveLength(1);
    expect(() => leakageReport(s, s, { examples: "\x1c1" })).toThrow("invalid literal for int() with base 10: '\\x1c1'");
  });

  it("answers synchronously with a synchronous custom embedder", () => {
    const embedder = { name: "axis", embed: (texts: readonly string[]) => texts.map((t) => (t.startsWith("x") ? [1, 0] : [1, 1])) };
    const report = leakageReport(["x1", "y1"], ["x2"], { embedder, threshold: 0.9 });
    expect(report).toMatchObject({ n_leaky: 1, max_similarity: 1, leaky: [{ row: 0, source: 0, similarity: 1 }] });
  });

  it("returns a Promise with an asynchronous embedder, embedding sources first", async () => {
    const calls: string[][] = [];
    const embedder = {
      name: "async",
      embed: async (texts: readonly string[]) => {
        calls.push([...texts]);
        return texts.map((t) => (t.startsWith("x") ? [1, 0] : t.trim() ? [0, 1] : [0, 0]));
      },
    };
    const result = leakageReport(["x1", "", "y"], ["x2", "z"], { embedder });
    expect(result).toBeInstanceOf(Promise);
    expect(await result).toMatchObject({ n: 3, n_sources: 2, n_leaky: 2, leaky: [{ row: 0, source: 0, similarity: 1 }, { row: 2, source: 1, similarity: 1 }] });
    // Empty generated texts are embedded as " ".
    expect(calls).toEqual([["x2", "z"], ["x1", " ", "y"]]);
  });

  it("uses a plain function as an embedder, normalised", () => {
    const report = leakageReport(["a"], ["b"], { embedder: (texts: string[]) => texts.map(() => [3, 4]), threshold: 0.99 });
    expect(report.n_leaky).toBe(1);
  });

  it("scans only the vectors a short-answering embedder returns, and rejects extra vectors", () => {
    const short = { name: "short", embed: (texts: readonly string[]) => (texts.length === 2 ? [[1, 0]] : [[1, 0]]) };
    expect(leakageReport(["p", "q"], ["s"], { embedder: short })).toMatchObject({ n: 2, n_leaky: 1 });
    const long = { name: "long", embed: () => [[1, 0], [1, 0]] };
    expect(() => leakageReport(["p"], ["s"], { embedder: long })).toThrow("embedder returned 2 vectors for 1 texts");
  });

  it("gives the same report for repeated texts as for each one alone", () => {
    const gen = ["refund order 9911 now", "refund order 9911 now", "a b c", "a b c"];
    const src = ["a b c d", "a b c d", "refund order 9911", "a b c e"];
    expect(leakageReport(gen, src, { threshold: 0.8 }).leaky).toEqual([
      { row: 0, source: 2, similarity: 0.8452 },
      { row: 1, source: 2, similarity: 0.8452 },
      { row: 2, source: 0, similarity: 0.8452 },
      { row: 3, source: 0, similarity: 0.8452 },
    ]);
  });
});
