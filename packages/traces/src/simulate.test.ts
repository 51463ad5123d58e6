import { describe, expect, it } from "vitest";
import { simulateFromTraces, type SimulateRequest } from "./simulate.js";

// Raw export rows: a question/tool_trace spelling that loadTraces turns into canonical rows.
const TRACES = [
  { question: "where is order 4412", tool_trace: [{ tool: "lookup_order", input: { order_id: "4412" }, output: { status: "not_found" } }], reward: 0 },
  { prompt: "refund my double charge", steps: [{ tool: "create_refund", arguments: { order_id: "9", amount: 5 }, result: { status: "ok" } }], reward: 1 },
];

describe("simulateFromTraces", () => {
  it("drafts tools from the traces, aims the grid, runs the simulator and drops leaked rows", async () => {
    const requests: SimulateRequest[] = [];
    const simulate = async (request: SimulateRequest) => {
      requests.push(request);
      return [{ prompt: "Where is ORDER 4412" }, { prompt: "my package never arrived" }, "refund my double charge"];
    };
    const result = await simulateFromTraces(TRACES, { simulate, seed: 3 });

    expect(result.rows).toEqual([{ prompt: "my package never arrived" }]);
    expect(result.leakage).toMatchObject({ n: 3, n_sources: 2, n_leaky: 2, n_dropped: 2 });

    const [request] = requests;
    expect(request.agent).toBeNull();
    expect(request.mode).toBe("rl");
    expect(request.policy).toBe("");
    expect(request.seed).toBe(3);
    expect(request.traces.map((r) => r.prompt)).toEqual(["where is order 4412", "refund my double charge"]);
    expect((request.tools as { function: { name: string } }[]).map((t) => t.function.name)).toEqual(["create_refund", "lookup_order"]);
    // The failing tool leads the grid, and its not_found fault aims the world axis.
    expect(request.dimensions.tool[0]).toBe("lookup_order");
    expect(request.dimensions.world_state).toContain("entity missing");
  });

  it("keeps the caller's tools, policy and agent and does not draft tools then", async () => {
    const tools = [{ type: "function", function: { name: "only_tool", parameters: { type: "object", properties: {} } } }];
    const seen: SimulateRequest[] = [];
    const simulate = (request: SimulateRequest) => {
      seen.push(request);
      return [];
    };
    await simulateFromTraces(TRACES, { simulate, tools, mode: "eval" });
    expect(seen[0].tools).toBe(tools);
    expect(seen[0].mode).toBe("eval");
    await simulateFromTraces(TRACES, { simulate, policy: "1. Never refund twice." });
    expect(seen[1].tools).toBeNull();
    expect(seen[1].policy).toBe("1. Never refund twice.");
    await simulateFromTraces(TRACES, { simulate, agent: "my-agent" });
    expect(seen[2].agent).toBe("my-agent");
    expect(seen[2].tools).toBeNull();
  });

  it("passes null tools when the traces show no tool calls", async () => {
    let tools: unknown = "unset";
    await simulateFromTraces([{ prompt: "hi" }], {
      simulate: (r) => {
        tools = r.tools;
        return [];
      },
    });
    expect(tools).toBeNull();
  });

  it("applies the leakage options to the gate only", async () => {
    let request: SimulateRequest | undefined;
    const simulate = (r: SimulateRequest) => {
      request = r;
      return [{ prompt: "where is order 4412 please" }];
    };
    const strict = await simulateFromTraces(TRACES, { simulate, leakage: { threshold: 0.5, examples: 0 } });
    expect(strict.rows).toEqual([]);
    expect(strict.leakage).toMatchObject({ threshold: 0.5, n_leaky: 1, leaky: [] });
    expect(request && "leakage" in request).toBe(false);
    const loose = await simulateFromTraces(TRACES, { simulate });
    expect(loose.rows).toHaveLength(1);
  });

  it("requires a simulator and a list of rows back", async () => {
    await expect(simulateFromTraces(TRACES, {} as never)).rejects.toThrow(/options.simulate is required/);
    await expect(simulateFromTraces(TRACES, { simulate: () => null as never })).rejects.toThrow(/must return a list of rows/);
  });
});
