import { describe, expect, it } from "vitest";
import { flawRows, splitPseudoProduction, taskIdentity, taskKey } from "./split.js";
import { TRACES } from "./testing/reference-traces.js";



const prompts = (rows: unknown[]) => rows.map((row) => (row as { prompt?: unknown }).prompt);
const asks = (n: number) => Array.from({ length: n }, (_, k) => ({ prompt: `ask ${k}`, steps: [{ tool: "t", result: { ok: true } }], reward: 1 }));

describe("taskKey", () => {
  it("reads scenario_id, then task_id, then prompt, with falsy values falling through", () => {
    expect(taskKey({ scenario_id: "s1", task_id: "t1", prompt: "p" })).toBe("s1");
    expect(taskKey({ scenario_id: "", task_id: "t1", prompt: "p" })).toBe("t1");
    expect(taskKey({ scenario_id: 0, task_id: null, prompt: "p" })).toBe("p");
    expect(taskKey({ scenario_id: 7 })).toBe("7");
    expect(taskKey({ task_id: true })).toBe("True");
    expect(taskKey({})).toBe("");
    expect(taskKey("row")).toBe("");
  });
});

describe("taskIdentity", () => {
  it("keys a row by its unstripped task text, or by its index when blank", () => {
    expect(taskIdentity({ prompt: "abc " }, 3)).toEqual(["task", "abc "]);
    expect(taskIdentity({ prompt: " \u3000" }, 3)).toEqual(["index", 3]);
    expect(taskIdentity({}, 4)).toEqual(["index", 4]);
    expect(taskIdentity(null, 5)).toEqual(["index", 5]);
  });
});

describe("splitPseudoProduction", () => {
  it("holds the reference example's flawed tasks and fills from the hash order", () => {
    const [production, remainder] = splitPseudoProduction(TRACES, { fraction: 0.4, seed: 3 });
    expect(prompts(production)).toEqual(["where is order 4412", "refund order 9911 now"]);
    expect(prompts(remainder)).toEqual(["check on my order pls", "status of order 130", "refund my double charge"]);
  });

  it("fills by seed", () => {
    expect(prompts(splitPseudoProduction(TRACES, { fraction: 0.8, seed: 3 })[0])).toEqual(prompts(TRACES.slice(0, 4)));
    expect(prompts(splitPseudoProduction(TRACES, { fraction: 0.8, seed: 0 })[0])).toEqual(prompts([TRACES[0], TRACES[1], TRACES[2], TRACES[4]]));
  });

  it("holds flawed tasks even at fraction 0, and everything at 1", () => {
    expect(prompts(splitPseudoProduction(TRACES, { fraction: 0 })[0])).toEqual(["where is order 4412", "refund order 9911 now"]);
    expect(prompts(splitPseudoProduction(TRACES, { fraction: NaN })[0])).toEqual(["where is order 4412", "refund order 9911 now"]);
    const [all, none] = splitPseudoProduction(TRACES, { fraction: 1 });
    expect(all).toEqual(TRACES);
    expect(none).toEqual([]);
  });

  it("holds out ask 4 and ask 8 at the defaults (the documented hash order)", () => {
    const [production, remainder] = splitPseudoProduction(asks(10));
    expect(prompts(production)).toEqual(["ask 4", "ask 8"]);
    expect(remainder).toHaveLength(8);
  });

  it("rounds the target half to even on the product", () => {
    // 0.25 x 10 = 2.5 -> 2; 0.45 x 10 = 4.5 -> 4; 0.3 x 5 = 1.5 -> 2; 0.1 x 5 = 0.5 -> 0, clamped to 1.
    expect(splitPseudoProduction(asks(10), { fraction: 0.25 })[0]).toHaveLength(2);
    expect(splitPseudoProduction(asks(10), { fraction: 0.45 })[0]).toHaveLength(4);
    expect(splitPseudoProduction(asks(5), { fraction: 0.3 })[0]).toHaveLength(2);
    expect(splitPseudoProduction(asks(5), { fraction: 0.1 })[0]).toHaveLength(1);
    expect(splitPseudoProduction(asks(5), { fraction: 7 })[0]).toHaveLength(5);
  });

  it("keeps every task wholly on one side", () => {
    const rows = ["a", "b", "c", "d"].flatMap((p) => Array.from({ length: 6 }, () => ({ prompt: `ask ${p}`, reward: 1 })));
    const [production, remainder] = splitPseudoProduction(rows, { fraction: 0.25, seed: 0 });
    expect(production.length).toBeGreaterThan(0);
    expect(remainder.length).toBeGreaterThan(0);
    const held = new Set(prompts(production));
    for (const row of remainder) expect(held.has(row.prompt)).toBe(false);
    expect(production.length % 6).toBe(0);
  });

  it("groups by scenario_id and leaves keyless rows their own tasks", () => {
    const grouped = Array.from({ length: 8 }, (_, k) => ({ scenario_id: `s${k % 2}`, reward: 1 }));
    const [production] = splitPseudoProduction(grouped, { fraction: 0.25 });
    expect(production).toHaveLength(4);
    expect(new Set(production.map((row) => row.scenario_id)).size).toBe(1);
    const keyless = Array.from({ length: 8 }, () => ({ prompt: "", reward: 1 }));
    const [held, kept] = splitPseudoProduction(keyless, { fraction: 0.25 });
    expect(held).toHaveLength(2);
    expect(kept).toHaveLength(6);
  });

  it("takes one task per distinct (fault, behaviour) flaw", () => {
    // Two rows with the same flaw: only the first pulls its task in.
    const rows = [{ ...TRACES[0], prompt: "x" }, { ...TRACES[0], prompt: "y" }, { ...TRACES[3], prompt: "z" }];
    expect(prompts(splitPseudoProduction(rows, { fraction: 0 })[0])).toEqual(["x"]);
    // A qwen_reward of 0 is a flaw; a fractional reward is not.
    const labelled = [{ prompt: "q", qwen_reward: 0 }, { prompt: "r", reward: 0.2 }];
    expect(prompts(splitPseudoProduction(labelled, { fraction: 0 })[0])).toEqual(["q"]);
  });

  it("overshoots the target by at most the last task", () => {
    const rows = [...Array.from({ length: 5 }, () => ({ prompt: "big", reward: 1 })), { prompt: "small", reward: 1 }];
    const [production] = splitPseudoProduction(rows, { fraction: 0.2, seed: 0 });
    expect([1, 5]).toContain(production.length);
  });

  it("renders the seed with str()", () => {
    const rows = asks(10);
    const bySeed = (seed: unknown) => prompts(splitPseudoProduction(rows, { seed })[0]);
    expect(bySeed(1)).toEqual(bySeed("1"));
    expect(bySeed(true)).toEqual(bySeed("True"));
    expect(bySeed(null)).toEqual(bySeed("None"));
    expect(bySeed(0)).not.toEqual(bySeed(1));
  });

  it("skips non-dict rows and numbers tasks among dict rows only", () => {
    const [production, remainder] = splitPseudoProduction([null, 5, "x", ...asks(10), []]);
    expect(prompts(production)).toEqual(["ask 4", "ask 8"]);
    expect(remainder).toHaveLength(8);
    expect(splitPseudoProduction([null, "x"])).toEqual([[], []]);
    expect(splitPseudoProduction([])).toEqual([[], []]);
    // Python iterates a dict argument by its keys, none of which is a row.
    expect(splitPseudoProduction({ prompt: "flawed", reward: 0 } as never)).toEqual([[], []]);
  });

  it("throws where Python does for a fraction it cannot compare or round, naming the option", () => {
    expect(() => splitPseudoProduction(asks(2), { fraction: "0.5" as unknown as number })).toThrow(new TypeError("splitPseudoProduction: option fraction must be a number, got string"));
    expect(() => splitPseudoProduction(asks(2), { fraction: Infinity })).toThrow("splitPseudoProduction: option fraction must be finite, got Infinity");
    expect(splitPseudoProduction([], { fraction: Infinity })).toEqual([[], []]);
  });
});

describe("flawRows", () => {
  it("returns the flawed rows in order", () => {
    const rows = flawRows(TRACES);
    expect(prompts(rows)).toEqual(["where is order 4412", "check on my order pls", "refund order 9911 now"]);
  });

  it("returns a labelled failure with clean results", () => {
    const row = { steps: [{ tool: "read_file", result: "x = 1" }], reward: 0 };
    expect(flawRows([row, { reward: 1 }])).toEqual([row]);
  });

  it("applies input indices to the dict rows, as Python does", () => {
    const flawed = { prompt: "flawed", reward: 0 };
    const clean = { prompt: "clean", reward: 1 };
    expect(flawRows([null, flawed, clean])).toEqual([clean]);
    expect(flawRows(flawed as never)).toEqual([]);
    expect(flawRows([flawed, null, clean])).toEqual([flawed]);
    expect(flawRows([null, clean, flawed])).toEqual([]);
  });

  it("answers [] for no rows", () => {
    expect(flawRows([])).toEqual([]);
    expect(flawRows([1, "a"])).toEqual([]);
  });
});
