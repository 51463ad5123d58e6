import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onDeprecation } from "./deprecation.js";
import { labelCensus } from "./label-census.js";

const UNREAD_TAIL =
  "If one of those is your grader's score, name it: load_traces(traces, reward_key='...') or trace_report(traces, reward_key='...').";
const NON_BINARY_TAIL =
  "A rubric judge with several criteria emits a mean, so this is its ordinary output, not a malformed row. " +
  "They are counted as non_binary_labels, never as ungraded. Binarising needs a bar and the bar is yours, not the SDK's: " +
  "pass threshold= to read them as labels.";

// Keep the once-per-process deprecation out of the test output; its own test re-imports the module.
let restore: ReturnType<typeof onDeprecation>;
beforeEach(() => {
  restore = onDeprecation(() => {});
});
afterEach(() => {
  onDeprecation(restore);
});

describe("labelCensus", () => {
  it("reproduces the worked example of traces.md §10", () => {
    const rows = [
      { prompt: "a", score: 0.75, n_tokens: 5 },
      { prompt: "b", reward: 0.5 },
      { prompt: "c", qwen_reward: 1 },
      { prompt: "d", reward: "2" },
      { prompt: "e", success: true, latency: "12" },
    ];
    expect(labelCensus(rows)).toEqual({
      graded: 0,
      passes: 0,
      fails: 0,
      ungraded: 2,
      non_binary_labels: 2,
      advisory_labels: 1,
      unread_numeric_columns: { latency: 1, score: 1, success: 1 },
      warnings: [
        `2 rows carry no label under reward, but they do carry numbers: latency (on 1 row), score (on 1 row), success (on 1 row). ${UNREAD_TAIL}`,
        `2 rows carry a label that is not 0 or 1 (reward=0.5, reward='2'). ${NON_BINARY_TAIL}`,
        "1 row are labelled only by qwen_reward, a key named after one model that this path reads for one more release. Name the column instead: reward_key='qwen_reward'.",
      ],
    });
  });

  it("counts passes and fails, ignores non-dict rows, and warns about nothing on clean labels", () => {
    const census = labelCensus([{ reward: 1 }, { reward: 0 }, { reward: true }, { reward: "0" }, "row", 7, null, [1]]);
    expect(census).toMatchObject({ graded: 4, passes: 2, fails: 2, ungraded: 0, warnings: [] });
  });

  it("keeps Python's grammar for one row", () => {
    const [warning] = labelCensus([{ score: 3 }]).warnings;
    expect(warning).toBe(`1 row carry no label under reward, but they do carry numbers: score (on 1 row). ${UNREAD_TAIL}`);
  });

  it("names the keys in play, joined by '/', and skips them with SDK and legacy keys in the unread scan", () => {
    const rows = [{ prompt: "x", ts: 5, seed: 1, qwen_reward: 1, reward: 1, grade: 0.9 }];
    const census = labelCensus(rows, { rewardKey: ["score", "label"] });
    expect(census.ungraded).toBe(1);
    // `reward` is not among the keys in play, so it is named; the legacy key never is.
    expect(census.unread_numeric_columns).toEqual({ grade: 1, reward: 1 });
    expect(census.warnings[0]).toMatch(/^1 row carry no label under score\/label, but they do carry numbers: grade \(on 1 row\), reward \(on 1 row\)\./);
    expect(census.advisory_labels).toBe(0);
  });

  it("ranks unread columns by (-rows, name) and shows at most five, with no '+N more'", () => {
    const rows = [
      { b: 1, a: 1, f: 1, e: 1, d: 1, c: 1, z: 1 },
      { z: 2, c: "3" },
      { z: 0.5 },
    ];
    const census = labelCensus(rows);
    expect(census.unread_numeric_columns).toEqual({ a: 1, b: 1, c: 2, d: 1, e: 1, f: 1, z: 3 });
    expect(census.warnings[0]).toContain("numbers: z (on 3 rows), c (on 2 rows), a (on 1 row), b (on 1 row), d (on 1 row). If");
  });

  it("sorts column names by code point and keeps a column named __proto__", () => {
    const row = JSON.parse('{"é": 1, "z": 1, "😀": 1, "\uff61": 1, "__proto__": 2}') as Record<string, unknown>;
    const census = labelCensus([row]);
    expect(Object.keys(census.unread_numeric_columns)).toEqual(["__proto__", "z", "é", "\uff61", "😀"]);
    expect(Object.hasOwn(census.unread_numeric_columns, "__proto__")).toBe(true);
  });

  it("does not count values float() rejects, or NaN", () => {
    const census = labelCensus([{ note: "maybe", blank: "", list: [1], nan: "nan", inf: "inf", flag: false }]);
    expect(census.unread_numeric_columns).toEqual({ flag: 1, inf: 1 });
  });

  it("quotes non-binary examples with repr, ints without .0, and keeps five", () => {
    const rows = [2, 0.5, "2", " 0.5\u00a0", 3.25, 7].map((score) => ({ score }));
    const census = labelCensus(rows, { rewardKey: "score" });
    expect(census.non_binary_labels).toBe(6);
    expect(census.warnings).toEqual([`6 rows carry a label that is not 0 or 1 (score=2, score=0.5, score='2', score=' 0.5\\xa0', score=3.25). ${NON_BINARY_TAIL}`]);
  });

  it("with a threshold, reads fractions as labels, and a fractional qwen_reward as advisory", () => {
    const census = labelCensus([{ reward: 0.75 }, { reward: 0.25 }, { qwen_reward: 0.9 }], { threshold: 0.5 });
    expect(census).toMatchObject({ graded: 2, passes: 1, fails: 1, advisory_labels: 1, non_binary_labels: 0 });
  });

  it("lets advisory win over not-binary, and leaves a lone fractional qwen_reward ungraded and unnamed", () => {
    expect(labelCensus([{ reward: 0.5, qwen_reward: 1 }])).toMatchObject({ advisory_labels: 1, non_binary_labels: 0 });
    const silent = labelCensus([{ qwen_reward: 0.5 }]);
    expect(silent).toMatchObject({ ungraded: 1, unread_numeric_columns: {}, warnings: [] });
  });

  it("has no advisory path once a column is named", () => {
    expect(labelCensus([{ qwen_reward: 1 }], { rewardKey: "reward" })).toMatchObject({ advisory_labels: 0, ungraded: 1 });
  });

  it("answers zeros for no rows", () => {
    expect(labelCensus([])).toEqual({
      graded: 0, passes: 0, fails: 0, ungraded: 0, non_binary_labels: 0, advisory_labels: 0, unread_numeric_columns: {}, warnings: [],
    });
  });
});

describe("onDeprecation", () => {
  it("receives the legacy-key deprecation once per process", async () => {
    vi.resetModules();
    const fresh = await import("./label-census.js");
    const deprecation = await import("./deprecation.js");
    const seen: string[] = [];
    deprecation.onDeprecation((message) => seen.push(message));
    fresh.labelCensus([{ reward: 1 }]);
    expect(seen).toEqual([]);
    fresh.labelCensus([{ qwen_reward: 1 }]);
    fresh.labelCensus([{ qwen_reward: 0 }]);
    expect(seen).toEqual([
      'qwen_reward is a label key named after one model, read here for one more release. Name the column instead: { rewardKey: "qwen_reward" }.',
    ]);
  });

  it("goes to console.warn by default", async () => {
    vi.resetModules();
    const fresh = await import("./label-census.js");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      fresh.labelCensus([{ qwen_reward: 1 }]);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0][0]).toMatch(/^DeprecationWarning: qwen_reward is a label key/);
    } finally {
      warn.mockRestore();
    }
  });
});
