import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FAULT_TO_AXIS } from "../constants.js";
import { buildDimensions, STANCES } from "./build-dimensions.js";
import { dimensionsFromTraces } from "./dimensions-from-traces.js";
import { TRACES } from "../testing/reference-traces.js";

const tool = (name: string) => ({
  type: "function",
  function: { name, parameters: { type: "object", properties: { order_id: { type: "string" } } } },
});
const TOOLS = [tool("lookup_order"), tool("create_refund"), tool("get_refund_status")];
const POLICY = "Refunds over $100 need manager approval.\nNever refund an order twice.";



const call = (name: string, result: unknown, extra: Record<string, unknown> = {}) => ({ prompt: "p", steps: [{ tool: name, result }], ...extra });

describe("dimensionsFromTraces", () => {
  it("aims the grid at the observed faults (the test_traces fixture, broaden=false)", () => {
    const dims = dimensionsFromTraces(TRACES, TOOLS, { policy: POLICY, broaden: false });
    const base = buildDimensions(TOOLS, { policy: POLICY });
    expect(dims.tool).toEqual(["lookup_order", "create_refund", "unrelated", "multi_tool"]);
    expect(dims.tool_condition).toEqual(["success", "timeout"]);
    expect(dims.world_state).toEqual(["entity exists", "entity missing"]);
    expect(dims.stance).toEqual(base.stance);
    expect(dims.rule).toEqual(base.rule);
    expect(dims.history).toEqual(base.history);
    expect(Object.keys(dims)).toEqual(Object.keys(base));
  });

  it("keeps unobserved tools after the observed ones when broadening (the default)", () => {
    expect(dimensionsFromTraces(TRACES, TOOLS, { policy: POLICY }).tool).toEqual([
      "lookup_order",
      "create_refund",
      "get_refund_status",
      "unrelated",
      "multi_tool",
    ]);
  });

  it("keeps duplicate conditions and leads with the worlds that failed (traces.md §6, second example)", () => {
    const rows = [
      call("create_refund", { status: "timeout" }),
      call("get_refund_status", { error: "boom" }, { world_state: "duplicate entity" }),
      call("get_refund_status", { error: "boom" }, { world_state: "entity exists" }),
    ];
    const dims = dimensionsFromTraces(rows, TOOLS);
    expect(dims.tool).toEqual(["get_refund_status", "create_refund", "lookup_order", "unrelated", "multi_tool"]);
    expect(dims.tool_condition).toEqual(["success", "timeout", "timeout"]);
    expect(dims.world_state).toEqual(["entity exists", "duplicate entity"]);
  });

  it("ranks tools by 0-label calls as it does by faults", () => {
    const rows = [
      ...Array.from({ length: 30 }, () => ({ prompt: "refund", steps: [{ tool: "create_refund", result: { status: "ok" } }], reward: 0 })),
      ...Array.from({ length: 30 }, () => ({
        prompt: "look",
        steps: [
          { tool: "lookup_order", result: { status: "ok" } },
          { tool: "lookup_order", result: { status: "ok" } },
        ],
        reward: 1,
      })),
    ];
    expect(dimensionsFromTraces(rows, TOOLS).tool[0]).toBe("create_refund");
    const unlabelled = rows.map(({ reward: _, ...row }) => row);
    expect(dimensionsFromTraces(unlabelled, TOOLS).tool[0]).toBe("lookup_order");
    const scored = rows.map(({ reward, ...row }) => ({ ...row, score: reward }));
    expect(dimensionsFromTraces(scored, TOOLS, { rewardKey: "score" }).tool[0]).toBe("create_refund");
    expect(dimensionsFromTraces(scored, TOOLS).tool[0]).toBe("lookup_order");
  });

  it("breaks rank ties by tool name, in code-point order", () => {
    const rows = [call("lookup_order", { status: "ok" }), call("create_refund", { status: "ok" })];
    expect(dimensionsFromTraces(rows, TOOLS, { broaden: false }).tool).toEqual(["create_refund", "lookup_order", "unrelated", "multi_tool"]);
  });

  it("follows a custom faultToAxis", () => {
    const rows = [call("lookup_order", { status: "error" }, { reward: 0 })];
    expect(dimensionsFromTraces(rows, TOOLS).tool_condition.slice(0, 2)).toContain("timeout");
    const custom = { ...FAULT_TO_AXIS, error: ["tool_condition", "permission_denied"] };
    expect(dimensionsFromTraces(rows, TOOLS, { faultToAxis: custom }).tool_condition.slice(0, 2)).toContain("permission_denied");
    const asMap = new Map([["error", ["tool_condition", "stale_result"]]]);
    expect(dimensionsFromTraces(rows, TOOLS, { faultToAxis: asMap }).tool_condition).toEqual(["success", "stale_result"]);
  });

  it("uses an empty mapping as given: a chip that is a condition value aims at itself", () => {
    const rows = [call("lookup_order", { status: "timeout" }), call("lookup_order", { status: "not_found" })];
    const dims = dimensionsFromTraces(rows, TOOLS, { faultToAxis: {} });
    expect(dims.tool_condition).toEqual(["success", "timeout"]);
    expect(dims.world_state).toEqual(buildDimensions(TOOLS).world_state);
  });

  it("orders equal fault counts by first sight, integer-like chips included", () => {
    const rows = [call("lookup_order", { status: "timeout" }), call("lookup_order", { status: "500" })];
    const mapping = { timeout: ["tool_condition", "timeout"], "500": ["tool_condition", "malformed_result"] };
    expect(dimensionsFromTraces(rows, TOOLS, { faultToAxis: mapping }).tool_condition).toEqual(["success", "timeout", "malformed_result"]);
    expect(dimensionsFromTraces([...rows].reverse(), TOOLS, { faultToAxis: mapping }).tool_condition).toEqual([
      "success",
      "malformed_result",
      "timeout",
    ]);
  });

  it("skips a target that does not unpack to a pair, and an axis it does not know", () => {
    const rows = [call("lookup_order", { status: "timeout" })];
    expect(dimensionsFromTraces(rows, TOOLS, { faultToAxis: { timeout: ["tool_condition"] } }).tool_condition).toEqual(buildDimensions(TOOLS).tool_condition);
    expect(dimensionsFromTraces(rows, TOOLS, { faultToAxis: { timeout: ["stance", "hurried"] } }).stance).toEqual([...STANCES]);
  });

  it("prepends success even when the base lacks it, and entity exists only when the base has it", () => {
    // No reference keys: the world axis is ["unspecified"], so a not_found fault cannot land there.
    const plain = [{ name: "search", parameters: { properties: { query: {} } } }];
    const rows = [call("search", { status: "not_found" }), call("search", { status: "timeout" })];
    const dims = dimensionsFromTraces(rows, plain);
    expect(dims.world_state).toEqual(["unspecified"]);
    expect(dims.tool_condition).toEqual(["success", "timeout"]);
    const onlyWorld = dimensionsFromTraces([call("lookup_order", { status: "ok" }, { world_state: "partially completed" })], TOOLS);
    expect(onlyWorld.world_state).toEqual(["entity exists", "partially completed"]);
  });

  it("leaves the tool axis as built when no base tool was observed, whatever broaden says", () => {
    const rows = [call("foreign_tool", { status: "timeout" })];
    expect(dimensionsFromTraces(rows, TOOLS, { broaden: false }).tool).toEqual(buildDimensions(TOOLS).tool);
  });

  it("skips non-dict rows and answers the base grid for no rows", () => {
    expect(dimensionsFromTraces(["x", 5, null, TRACES[0]], TOOLS).world_state).toEqual(["entity exists", "entity missing"]);
    expect(dimensionsFromTraces([], TOOLS, { policy: POLICY })).toEqual(buildDimensions(TOOLS, { policy: POLICY }));
  });

  it("reads rows from any iterable, once", () => {
    function* rows() {
      yield* TRACES;
    }
    expect(dimensionsFromTraces(rows(), TOOLS, { broaden: false }).tool_condition).toEqual(["success", "timeout"]);
  });

  it("rejects Python-spelled options by name", () => {
    expect(() => dimensionsFromTraces(TRACES, TOOLS, { fault_to_axis: {} } as never)).toThrow(/fault_to_axis/);
  });
});

describe("dimensionsFromTraces on arbitrary JSON", () => {
  it("never throws, and every aimed value is one the base grid offers (or success)", () => {
    const step = fc.dictionary(fc.constantFrom("tool", "result", "arguments"), fc.oneof(fc.constantFrom("lookup_order", "create_refund", "x"), fc.jsonValue({ maxDepth: 2 })));
    const row = fc.dictionary(
      fc.constantFrom("steps", "prompt", "reward", "world_state", "faults"),
      fc.oneof(fc.array(step, { maxLength: 4 }), fc.constantFrom("entity missing", "duplicate entity", 0, 1), fc.jsonValue({ maxDepth: 2 })),
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(row, fc.jsonValue({ maxDepth: 1 })), { maxLength: 6 }), fc.boolean(), (rows, broaden) => {
        const dims = dimensionsFromTraces(rows, TOOLS, { broaden });
        const base = buildDimensions(TOOLS);
        for (const axis of ["tool", "tool_condition", "world_state"]) {
          for (const value of dims[axis]) expect(base[axis]).toContain(value);
        }
      }),
      { numRuns: 300 },
    );
  });
});
