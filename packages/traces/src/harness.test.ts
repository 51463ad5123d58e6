import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inferHarness, toolsFromTraces } from "./harness.js";

const draft = (name: string, args: string[]) => ({
  type: "function",
  function: {
    name,
    description: `${name}, observed in this agent's traces`,
    parameters: { type: "object", properties: Object.fromEntries(args.map((a) => [a, { type: "string" }])) },
  },
});

describe("toolsFromTraces", () => {
  it("drafts one string-typed tool per name, sorted, with argument names unioned across calls", () => {
    const rows = [
      { steps: [{ tool: "lookup_order", arguments: { order_id: "1" } }, { tool: "create_refund", arguments: { order_id: "1", amount: 5 } }] },
      { steps: [{ tool: "lookup_order", arguments: { email: "a@b.c" } }] },
    ];
    const tools = toolsFromTraces(rows);
    expect(tools).toEqual([draft("create_refund", ["amount", "order_id"]), draft("lookup_order", ["email", "order_id"])]);
    expect(Object.keys(tools[0].function.parameters.properties)).toEqual(["amount", "order_id"]);
    expect(tools[0].function.parameters).not.toHaveProperty("required");
  });

  it("registers a tool called with string, None or numeric arguments without adding names", () => {
    const rows = [{ steps: [{ tool: "a", arguments: '{"x": 1}' }, { tool: "b" }, { tool: "c", arguments: 5 }, { tool: "d", arguments: ["x"] }] }];
    expect(toolsFromTraces(rows)).toEqual([draft("a", []), draft("b", []), draft("c", []), draft("d", [])]);
  });

  it("reads only the literal `arguments` key", () => {
    expect(toolsFromTraces([{ steps: [{ tool: "a", input: { x: 1 } }] }])).toEqual([draft("a", [])]);
  });

  it("names tools through str() and sorts by code point", () => {
    const rows = [{ steps: [{ tool: "\u{1F600}" }, { tool: "\uFF5E" }, { tool: 7 }, { tool: "b" }, { tool: true }] }];
    expect(toolsFromTraces(rows).map((t) => t.function.name)).toEqual(["7", "True", "b", "\uFF5E", "\u{1F600}"]);
  });

  it("fills the description template literally, even for names holding `$&`", () => {
    expect(toolsFromTraces([{ steps: [{ tool: "$&x" }] }])[0].function.description).toBe("$&x, observed in this agent's traces");
  });

  it("skips non-dict rows and steps, falsy tools and non-list steps", () => {
    const rows = ["x", 1, null, { steps: "abc" }, { steps: 3 }, { steps: [null, "s", { tool: "" }, { tool: 0 }, { arguments: { a: 1 } }] }];
    expect(toolsFromTraces(rows)).toEqual([]);
    expect(toolsFromTraces(null)).toEqual([]);
  });

  it("keeps an argument named __proto__ as data", () => {
    const args = JSON.parse('{"__proto__": 1}');
    const [tool] = toolsFromTraces([{ steps: [{ tool: "a", arguments: args }] }]);
    expect(Object.keys(tool.function.parameters.properties)).toEqual(["__proto__"]);
  });
});

describe("inferHarness", () => {
  it("drafts typed schemas from steps and from a tool_trace fallback (the reference example)", () => {
    const rows = [
      { tool_trace: [{ tool: "read_file", input: '{"path": "a.py"}' }, { tool: "read_file", input: '{"path": "b.py"}' }] },
      { steps: [{ tool: "run_command", arguments: { command: "pytest", timeout: 30 } }] },
    ];
    expect(inferHarness(rows)).toEqual({
      tools: [
        {
          type: "function",
          function: { name: "read_file", parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] } },
        },
        {
          type: "function",
          function: {
            name: "run_command",
            parameters: {
              type: "object",
              properties: { command: { type: "string" }, timeout: { type: "number" } },
              required: ["command", "timeout"],
            },
          },
        },
      ],
      policy: "",
      observed_calls: { read_file: 2, run_command: 1 },
    });
  });

  it("types each JSON value, None as a string, and falls back to string when calls disagree", () => {
    const rows = [
      {
        steps: [
          { tool: "t", arguments: { b: true, n: 1.5, l: [1], o: { a: 1 }, z: null, mixed: 1 } },
          { tool: "t", arguments: { b: false, n: 2, l: [], o: {}, z: null, mixed: "1" } },
        ],
      },
    ];
    const props = inferHarness(rows).tools[0].function.parameters.properties;
    expect(props).toEqual({
      b: { type: "boolean" },
      l: { type: "array" },
      mixed: { type: "string" },
      n: { type: "number" },
      o: { type: "object" },
      z: { type: "string" },
    });
  });

  it("requires only the keys every call carried, and counts calls without arguments", () => {
    const rows = [{ steps: [{ tool: "t", arguments: { a: 1, b: 2 } }, { tool: "t", arguments: { a: 3 } }, { tool: "u" }] }];
    const harness = inferHarness(rows);
    expect(harness.tools[0].function.parameters.required).toEqual(["a"]);
    expect(harness.tools[1].function.parameters).toEqual({ type: "object", properties: {}, required: [] });
    expect(harness.observed_calls).toEqual({ t: 2, u: 1 });
  });

  it("reads string arguments as JSON, and non-object JSON or bad JSON as no arguments", () => {
    const rows = [{ steps: [{ tool: "t", arguments: '{"a": 1}' }, { tool: "t", arguments: "[1]" }, { tool: "t", arguments: "not json" }] }];
    const harness = inferHarness(rows);
    expect(harness.observed_calls).toEqual({ t: 3 });
    expect(harness.tools[0].function.parameters).toEqual({ type: "object", properties: { a: { type: "number" } }, required: [] });
  });

  it("strips tool names, and skips blank ones", () => {
    const rows = [{ steps: [{ tool: " t\u3000" }, { tool: "t" }, { tool: "  " }, { tool: null }, { tool: 5 }] }];
    expect(inferHarness(rows).observed_calls).toEqual({ "5": 1, t: 2 });
  });

  it("uses tool_trace only when steps is empty, reading only `input`", () => {
    const trace = [{ tool: "a", input: { x: 1 }, arguments: { y: 1 } }, "not a dict"];
    expect(inferHarness([{ steps: [], tool_trace: trace }]).tools[0].function.parameters.properties).toEqual({ x: { type: "number" } });
    expect(inferHarness([{ steps: [{ tool: "b" }], tool_trace: trace }]).observed_calls).toEqual({ b: 1 });
    expect(inferHarness([{ tool_trace: "x" }]).tools).toEqual([]);
  });

  it("skips non-dict rows and steps, and non-list steps", () => {
    expect(inferHarness(["x", 5, null, { steps: "abc" }, { steps: 4 }, { steps: [7, "s"] }])).toEqual({ tools: [], policy: "", observed_calls: {} });
    expect(inferHarness([])).toEqual({ tools: [], policy: "", observed_calls: {} });
  });
});

describe("on arbitrary JSON", () => {
  it("toolsFromTraces and inferHarness never throw", () => {
    const step = fc.dictionary(fc.constantFrom("tool", "arguments", "input", "steps", "tool_trace"), fc.jsonValue({ maxDepth: 2 }));
    const row = fc.dictionary(fc.constantFrom("steps", "tool_trace", "prompt"), fc.oneof(fc.array(step, { maxLength: 4 }), fc.jsonValue({ maxDepth: 2 })));
    fc.assert(
      fc.property(fc.array(fc.oneof(row, fc.jsonValue({ maxDepth: 2 })), { maxLength: 6 }), (rows) => {
        expect(Array.isArray(toolsFromTraces(rows))).toBe(true);
        expect(inferHarness(rows).policy).toBe("");
      }),
      { numRuns: 300 },
    );
  });
});
