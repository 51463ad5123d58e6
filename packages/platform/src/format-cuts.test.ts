import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCuts } from "./format-cuts.js";

// The live report of the Python tests (platform-and-otel.md §9.6).
const LIVE = {
  runs: 60,
  prompts: 20,
  noReward: 0,
  kinds: { fail: { prompts: 2 }, band: { prompts: 3 }, solved: { prompts: 15 } },
  rl: { prompts: 3, rows: 9, support: 0.889, passRate: 0.667, train: 3, holdout: 0 },
  sft: { prompts: 18, rows: 18, train: 14, holdout: 4 },
  more: { prompts: 0 },
};

describe("formatCuts", () => {
  it("names the RL cut and the agent (§9.6)", () => {
    expect(formatCuts(LIVE, { agent: "getting-started" }).split("\n")).toEqual([
      "  3 prompts are worth training on",
      "  9 runs · 3 train · none held out",
      '  next: wai.cut(agent="getting-started", kind="rl")',
    ]);
  });

  it("takes the agent from the filter echo unless agent= is given", () => {
    const report = { ...LIVE, filter: { agent: "tool-choice", from: "all" } };
    expect(formatCuts(report)).toContain('next: wai.cut(agent="tool-choice", kind="rl")');
    expect(formatCuts(report, { agent: "other" })).toContain('next: wai.cut(agent="other", kind="rl")');
    expect(formatCuts(report, { agent: "" })).toContain('agent="tool-choice"');
    expect(formatCuts({ ...LIVE, filter: "agent=x" })).toContain('next: wai.cut(kind="rl")');
    expect(formatCuts({ ...LIVE, filter: { from: "7d" } })).toContain('next: wai.cut(kind="rl")');
    expect(formatCuts({ ...LIVE, filter: { agent: 7 } })).toContain('agent="7"');
  });

  it("falls back to the SFT cut (§9.7)", () => {
    const text = formatCuts({ ...LIVE, rl: { prompts: 0 } });
    expect(text).toBe('  18 prompts have a run worth copying\n  best run each · 14 train · 4 held out\n  next: wai.cut(kind="sft")');
  });

  it("asks for scores when runs are ungraded (§9.8)", () => {
    const text = formatCuts({ ...LIVE, prompts: 0, noReward: 12, rl: {}, sft: {} });
    expect(text).toBe('  Nothing to train on yet\n  12 runs have a prompt, none has a pass or fail\n  next: wai.send_score("<trace id>", 1.0)');
  });

  it("asks for scenario ids on an empty report (§9.9)", () => {
    expect(formatCuts({})).toBe(
      "  Nothing to train on yet\n  0 runs, none says which prompt it ran\n  next: tag runs with zeroproof.scenario_id, see zeroproofai.com/docs/traces",
    );
  });

  it("asks for more runs when prompts exist but none qualify (§9.9)", () => {
    const text = formatCuts({ ...LIVE, rl: {}, sft: {}, more: { prompts: 4 } }, { agent: "x" });
    expect(text).toBe("  Nothing to train on yet\n  4 prompts need more runs · 15 already solved\n  next: send more runs of the same prompts, then read wai.cuts() again");
  });

  it("reads counts as Python's int(): floats truncate, strings parse, negatives count", () => {
    expect(formatCuts({ runs: 17.8, prompts: null })).toContain("  17 runs, none says");
    expect(formatCuts({ runs: -0.5 })).toContain("  0 runs, none says");
    expect(formatCuts({ noReward: " 3 ", runs: 10 })).toContain("  3 runs have a prompt");
    expect(formatCuts({ rl: { prompts: "0" }, sft: { prompts: "1_0" } })).toContain("  10 prompts have a run worth copying");
    expect(formatCuts({ rl: { prompts: -2, holdout: -1 } })).toContain("  0 runs · 0 train · -1 held out");
    expect(formatCuts({ rl: { prompts: true } })).toContain("  1 prompts are worth training on");
    expect(formatCuts({ prompts: 2.2, more: { prompts: 1.5 }, kinds: { solved: { prompts: 0.7 } } })).toContain("  1 prompts need more runs · 0 already solved");
  });

  it("prints big counts as Python's exact integers", () => {
    expect(formatCuts({ rl: { prompts: 1e21 } })).toContain("  1000000000000000000000 prompts");
    expect(formatCuts({ rl: { prompts: "123456789012345678901234567890" } })).toContain("  123456789012345678901234567890 prompts");
  });

  it("throws Python's ValueError text for a count int() cannot read", () => {
    expect(() => formatCuts({ rl: { prompts: "1.5" } })).toThrow("invalid literal for int() with base 10: '1.5'");
    expect(() => formatCuts({ runs: "many" })).toThrow("invalid literal for int() with base 10: 'many'");
    expect(() => formatCuts({ runs: Number.NaN })).toThrow("cannot convert float NaN to integer");
  });

  it("reads sections and reports that are not dicts as empty, where Python raises", () => {
    expect(formatCuts({ rl: [1], sft: "x", prompts: 3, more: 5, kinds: { solved: [2] } })).toContain("  0 prompts need more runs · 0 already solved");
    expect(formatCuts({ rl: { prompts: [1, 2] }, runs: { n: 1 } })).toContain("  0 runs, none says");
    expect(formatCuts(null)).toBe(formatCuts({}));
    expect(formatCuts([LIVE])).toBe(formatCuts({}));
  });

  it("keeps unicode agents as they are", () => {
    expect(formatCuts(LIVE, { agent: "agent-é日本" })).toContain('wai.cut(agent="agent-é日本", kind="rl")');
  });

  it("never throws on JSON reports whose counts Python's int() reads", () => {
    const intText = /^[\t\n\v\f\r ]*[+-]?[0-9]+(?:_[0-9]+)*[\t\n\v\f\r ]*$/;
    // A count Python reads is anything but a string int() refuses (JSON carries no NaN or infinity).
    const readable = (v: unknown): boolean => typeof v !== "string" || v === "" || intText.test(v);
    const counts = (r: unknown): unknown[] => {
      const d = (x: unknown): Record<string, unknown> => (x !== null && typeof x === "object" && !Array.isArray(x) ? (x as Record<string, unknown>) : {});
      const report = d(r);
      const kinds = d(report.kinds);
      return [
        ...["prompts", "rows", "train", "holdout"].map((k) => d(report.rl)[k]),
        ...["prompts", "train", "holdout"].map((k) => d(report.sft)[k]),
        report.prompts, report.noReward, report.runs, d(report.more).prompts, d(kinds.solved).prompts,
      ];
    };
    const key = fc.constantFrom("rl", "sft", "kinds", "more", "solved", "prompts", "rows", "train", "holdout", "noReward", "runs", "filter", "agent", "x");
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        fc.jsonValue({ maxDepth: 1 }),
        fc.integer().map(String),
        fc.dictionary(key, tie("node"), { maxKeys: 6 }),
      ),
    })).node;
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 8 }), fc.option(fc.string(), { nil: undefined }), (report, agent) => {
        fc.pre(counts(report).every(readable));
        const text = formatCuts(report, { agent });
        expect(text.split("\n")).toHaveLength(3);
        expect(text.startsWith("  ")).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
