import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dropLeakyRows } from "./drop-leaky-rows.js";
import { leakageReport } from "./leakage-report.js";

const TRACES = ["where is order 4412", "check on my order pls", "refund order 9911 now", "status of order 130", "refund my double charge"].map(
  (prompt) => ({ prompt }),
);

describe("dropLeakyRows", () => {
  it("keeps the rows that do not copy a source and reports n_dropped last", () => {
    const rows = [{ prompt: "where is order 4412" }, { prompt: "Where is  ORDER 4412" }, { prompt: "my package never arrived and support is not answering" }];
    const [kept, report] = dropLeakyRows(rows, TRACES, { threshold: 0.9 });
    expect(kept).toEqual([rows[2]]);
    expect(kept[0]).toBe(rows[2]);
    expect(report).toMatchObject({ n: 3, n_sources: 5, n_leaky: 2, n_dropped: 2 });
    expect(Object.keys(report).at(-1)).toBe("n_dropped");
  });

  it("drops the docstring example for every source shape", () => {
    const train = [{ prompt: "Cancel order 9911.", task_id: "t1" }];
    const holdout = { prompt: "Cancel order 9911.", task_id: "h1" };
    for (const sources of [[holdout], [[holdout]], ["Cancel order 9911."], holdout]) {
      const [kept, report] = dropLeakyRows(train, sources);
      expect(kept).toEqual([]);
      expect(report).toMatchObject({ n_leaky: 1, max_similarity: 1.0, n_dropped: 1 });
    }
  });

  it("keeps everything without sources", () => {
    const rows = [{ prompt: "a" }, "b"];
    expect(dropLeakyRows(rows, null)).toEqual([rows, { n: 2, n_sources: 0, threshold: 0.9, n_leaky: 0, max_similarity: 0, leaky: [], n_dropped: 0 }]);
  });

  it("judges string and odd rows on their own text and keeps them unless flagged", () => {
    const rows = ["refund order 81", { prompt: "refund order 82" }, null, 7];
    const [kept, report] = dropLeakyRows(rows, ["refund order 81"], { threshold: 1 });
    expect(kept).toEqual([{ prompt: "refund order 82" }, null, 7]);
    expect(report.n_dropped).toBe(1);
  });

  it("drops every row with a negative threshold", () => {
    const [kept, report] = dropLeakyRows(["", "hi", { prompt: "hello there" }], ["hello there"], { threshold: -1 });
    expect(kept).toEqual([]);
    expect(report).toMatchObject({ n_leaky: 3, threshold: -1, n_dropped: 3 });
  });

  it("returns a Promise with an asynchronous embedder", async () => {
    const embedder = { name: "async", embed: async (texts: readonly string[]) => texts.map((t) => (t === "same" ? [1, 0] : [0, 1])) };
    const result = dropLeakyRows(["same", "other"], ["same"], { embedder });
    expect(result).toBeInstanceOf(Promise);
    const [kept, report] = await result;
    expect(kept).toEqual(["other"]);
    expect(report.n_dropped).toBe(1);
  });

  it("throws Python's ValueError text for an unknown embedder", () => {
    expect(() => dropLeakyRows(["a"], ["b"], { embedder: "nope:model" })).toThrow("embedder must be hash, bge, ollama:<model>, openai:<model>, or a callable");
  });
});

describe("dropLeakyRows on arbitrary JSON", () => {
  // Python iterates `sources` unless it is None, a dict or a string: a number or bool raises there.
  const iterableSources = fc.jsonValue({ maxDepth: 3 }).filter((value) => typeof value !== "number" && typeof value !== "boolean");

  it("never throws on sources Python can read, keeps or drops every row, and agrees with leakageReport", () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 8 }), iterableSources, (rows, sources) => {
        const [kept, report] = dropLeakyRows(rows, sources);
        expect(kept.length + report.n_dropped).toBe(rows.length);
        expect(report.n_dropped).toBe(report.n_leaky);
        const { n_dropped: _, ...rest } = report;
        expect(leakageReport(rows, sources)).toEqual(rest);
      }),
      { numRuns: 500 },
    );
  });

  it("raises Python's TypeError for rows or sources that are not iterable", () => {
    expect(() => dropLeakyRows(null as never, [])).toThrow(new TypeError("'NoneType' object is not iterable"));
    expect(() => dropLeakyRows(["a"], 5)).toThrow(new TypeError("'int' object is not iterable"));
    expect(() => leakageReport(["a"], true)).toThrow(new TypeError("'bool' object is not iterable"));
  });

  it("reads a Map as Python reads a dict: by its keys", () => {
    const sources = new Map([["Where is order 4412?", 1]]);
    expect(leakageReport(["where is order 4412?"], sources).n_leaky).toBe(1);
    expect(leakageReport(new Map([["where is order 4412?", 0]]), ["Where is order 4412?"]).n).toBe(1);
  });
});
