import { describe, expect, it } from "vitest";
import { buildDimensions, COVERAGE_AXES, HISTORIES, hasReferenceKeys, STANCES, TOOL_CONDITIONS, WORLD_STATES } from "./build-dimensions.js";

const fn = (name: unknown, properties: Record<string, unknown> = {}) => ({
  type: "function",
  function: { name, parameters: { type: "object", properties } },
});

describe("buildDimensions", () => {
  it("builds the six axes in COVERAGE_AXES order", () => {
    const dims = buildDimensions([fn("lookup_order", { order_id: { type: "string" } })], { policy: "Never refund an order twice." });
    expect(Object.keys(dims)).toEqual([...COVERAGE_AXES]);
    expect(dims).toEqual({
      tool: ["lookup_order", "unrelated", "multi_tool"],
      rule: ["Never refund an order twice."],
      stance: [...STANCES],
      world_state: [...WORLD_STATES],
      tool_condition: [...TOOL_CONDITIONS],
      history: [...HISTORIES],
    });
  });

  it("reads flat and OpenAI tool shapes, strips names, drops empty ones and de-duplicates", () => {
    const tools = [fn(" a "), { name: "b" }, { name: "" }, { function: { name: "a" } }, { name: "unrelated" }, "not a tool", 7];
    expect(buildDimensions(tools).tool).toEqual(["a", "b", "unrelated", "multi_tool"]);
  });

  it("prints a None or numeric name through str(), as Python does", () => {
    expect(buildDimensions([{ name: null }, { name: 5 }]).tool).toEqual(["None", "5", "unrelated", "multi_tool"]);
  });

  it("skips a tool whose `function` is not a dict (Python would raise)", () => {
    expect(buildDimensions([{ function: null, name: "x" }, { function: "y" }]).tool).toEqual(["unrelated", "multi_tool"]);
  });

  it("falls back to an unspecified rule and world without a policy or reference keys", () => {
    const dims = buildDimensions([fn("search", { query: { type: "string" } })]);
    expect(dims.rule).toEqual(["unspecified"]);
    expect(dims.world_state).toEqual(["unspecified"]);
    expect(buildDimensions(null).tool).toEqual(["unrelated", "multi_tool"]);
  });

  it("caps the rule axis with ruleCap, and null keeps every clause", () => {
    const policy = Array.from({ length: 20 }, (_, i) => `Rule number ${i} applies here.`).join("\n\n");
    expect(buildDimensions([], { policy }).rule).toHaveLength(16);
    expect(buildDimensions([], { policy, ruleCap: 3 }).rule).toHaveLength(3);
    expect(buildDimensions([], { policy, ruleCap: null }).rule).toHaveLength(20);
  });

  it("rejects unknown options by name", () => {
    expect(() => buildDimensions([], { rule_cap: 3 } as never)).toThrow(/rule_cap/);
  });

  it("returns fresh arrays each call", () => {
    const a = buildDimensions([]);
    a.stance.push("x");
    expect(buildDimensions([]).stance).toEqual([...STANCES]);
  });
});

describe("hasReferenceKeys", () => {
  it("matches entity-reference argument names, case-insensitively", () => {
    for (const key of ["order_id", "ID", "path", "file_path", "name", "sku", "ASIN", "repo", "issue_ref", "reference", "number", "key"]) {
      expect(hasReferenceKeys([fn("t", { [key]: {} })])).toBe(true);
    }
    for (const key of ["identity", "query", "idx", "paths", "filename", "keys"]) {
      expect(hasReferenceKeys([fn("t", { [key]: {} })])).toBe(false);
    }
  });

  it("lets dotless ı and dotted İ match `i`, as Python's IGNORECASE does", () => {
    expect(hasReferenceKeys([fn("t", { ıd: {} })])).toBe(true);
    expect(hasReferenceKeys([fn("t", { İD: {} })])).toBe(true);
    expect(hasReferenceKeys([fn("t", { ſku: {} })])).toBe(true);
  });

  it("lets a key end in one newline, as Python's `$` does, but not in two or in a space", () => {
    expect(hasReferenceKeys([fn("t", { "order_id\n": {} })])).toBe(true);
    expect(hasReferenceKeys([fn("t", { "id\n": {} })])).toBe(true);
    expect(hasReferenceKeys([fn("t", { "id\n\n": {} })])).toBe(false);
    expect(hasReferenceKeys([fn("t", { "id ": {} })])).toBe(false);
    expect(hasReferenceKeys([fn("t", { "\nid": {} })])).toBe(false);
  });

  it("recurses into nested object schemas only", () => {
    expect(hasReferenceKeys([fn("t", { order: { type: "object", properties: { order_id: {} } } })])).toBe(true);
    expect(hasReferenceKeys([fn("t", { order: { type: "array", properties: { order_id: {} } } })])).toBe(false);
  });

  it("reads only `parameters`, not an Anthropic `input_schema`", () => {
    expect(hasReferenceKeys([{ name: "t", input_schema: { type: "object", properties: { order_id: {} } } }])).toBe(false);
    expect(hasReferenceKeys([{ name: "t", parameters: { properties: { order_id: {} } } }])).toBe(true);
  });

  it("treats malformed schemas as holding no reference", () => {
    expect(hasReferenceKeys([{ name: "t", parameters: "x" }, { name: "u", parameters: { properties: ["order_id"] } }])).toBe(false);
    expect(hasReferenceKeys("tools")).toBe(false);
  });
});
