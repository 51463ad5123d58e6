import { describe, expect, it } from "vitest";
import { rowsFromOtel } from "./rows-from-otel.js";
import { exportOf, span } from "./testing/otlp.js";

const msgs = (...pairs: [string, string][]) => JSON.stringify(pairs.map(([role, content]) => ({ role, content })));

describe("rowsFromOtel", () => {
  it("assembles the multi-turn batch of the reference (§9.14)", () => {
    const conv = { "gen_ai.conversation.id": "conv-9" };
    const source = exportOf([
      span({ traceId: "t1", start: 100, attributes: { ...conv, "gen_ai.input.messages": msgs(["user", "where is order 4412"]), "gen_ai.output.messages": msgs(["assistant", "Let me check."]) } }),
      span({ traceId: "t2", start: 150, attributes: { "session.id": "conv-10", "llm.input_messages": msgs(["user", "cancel my subscription"]), "llm.output_messages": msgs(["assistant", "Done, cancelled."]) } }),
      span({ traceId: "t1", start: 200, attributes: { ...conv, "gen_ai.tool.name": "lookup_order", "gen_ai.tool.call.arguments": '{"order_id": "4412"}', "gen_ai.tool.call.result": '{"status": "not_found"}' } }),
      span({
        traceId: "t1",
        start: 300,
        attributes: { ...conv, "gen_ai.input.messages": msgs(["user", "where is order 4412"], ["user", "try 4413 then"]), "gen_ai.output.messages": msgs(["assistant", "I could not find order 4412."]) },
      }),
    ]);
    expect(rowsFromOtel(source)).toEqual([
      {
        prompt: "where is order 4412",
        steps: [{ tool: "lookup_order", arguments: { order_id: "4412" }, result: { status: "not_found" } }, { user: "try 4413 then" }],
        final_text: "I could not find order 4412.",
        conversation_id: "conv-9",
        ts: 100,
        schema_version: "1",
      },
      { prompt: "cancel my subscription", steps: [], final_text: "Done, cancelled.", conversation_id: "conv-10", ts: 150, schema_version: "1" },
    ]);
  });

  it("emits keys in Python's order", () => {
    const [row] = rowsFromOtel([
      span({ start: 5, attributes: { "gen_ai.prompt": "hi", "whileai.reward": 1, "gen_ai.request.model": "m", "gen_ai.usage.input_tokens": 3, "gen_ai.completion": msgs(["assistant", "yo"]) } }),
    ]);
    expect(Object.keys(row)).toEqual(["prompt", "steps", "final_text", "conversation_id", "ts", "reward", "model_version", "usage", "schema_version"]);
  });

  it("sums usage over spans and adds no usage key without counts (§9.15)", () => {
    const rows = rowsFromOtel([
      { traceId: "a", startTimeUnixNano: 1, attributes: [{ key: "gen_ai.prompt", value: { stringValue: "q" } }, { key: "gen_ai.usage.input_tokens", value: { intValue: "120" } }, { key: "gen_ai.usage.output_tokens", value: { intValue: "8" } }] },
      { traceId: "a", startTimeUnixNano: 2, attributes: [{ key: "gen_ai.usage.input_tokens", value: { intValue: "200" } }, { key: "gen_ai.usage.output_tokens", value: { intValue: "12" } }] },
      { traceId: "b", startTimeUnixNano: 1, attributes: { "gen_ai.prompt": "no usage" } },
    ]);
    expect(rows[0].usage).toEqual({ input_tokens: 320, output_tokens: 20 });
    expect(rows[1]).not.toHaveProperty("usage");
  });

  it("reads a platform-gate dump in time order and converts milliseconds (§9.17)", () => {
    const base = 1_700_000_000_000;
    const tool = (name: string, at: number) => ({ traceId: "g", startedMs: at, name, attributes: { "gen_ai.tool.name": name, "gen_ai.tool.call.arguments": "{}" } });
    const rows = rowsFromOtel({
      spans: [tool("write_file", base + 30), tool("list_files", base + 10), { traceId: "g", startedMs: base, attributes: { "gen_ai.prompt": "fix it", "whileai.reward": 1 } }, tool("run_tests", base + 40), tool("read_file", base + 20)],
    });
    expect(rows[0].steps.map((s) => ("tool" in s ? s.tool : ""))).toEqual(["list_files", "read_file", "write_file", "run_tests"]);
    expect(rows[0].ts).toBe(base * 1_000_000);
    expect(rows[0].reward).toBe(1);
  });

  it("reads the reward from the keys given (§9.18)", () => {
    const spans = [{ traceId: "t1", startTimeUnixNano: 1, attributes: { "gen_ai.input.messages": msgs(["user", "hi"]), "my.reward": 1 } }];
    expect(rowsFromOtel(spans)[0]).not.toHaveProperty("reward");
    expect(rowsFromOtel(spans, { rewardKeys: ["my.reward"] })[0].reward).toBe(1);
    expect(rowsFromOtel(spans, { rewardKeys: [] })[0]).not.toHaveProperty("reward");
  });

  it("orders start times above 2^53 that differ by 1 ns exactly", () => {
    // As doubles both are 1725317608593409024: only bigint comparison sees the order.
    const later = span({ traceId: "t", start: "1725317608593409009", attributes: { "gen_ai.input.messages": msgs(["user", "second"]) } });
    const earlier = span({ traceId: "t", start: "1725317608593409008", attributes: { "gen_ai.input.messages": msgs(["user", "first"]) } });
    const [row] = rowsFromOtel([later, earlier]);
    expect(row.prompt).toBe("first");
    expect(row.steps).toEqual([{ user: "second" }]);
    expect(row.ts).toBe(Number(1725317608593409008n));
  });

  it("throws Python's ValueError for a start time that is not an integer literal", () => {
    expect(() => rowsFromOtel([{ traceId: "t", startTimeUnixNano: "1.5", attributes: {} }])).toThrow("invalid literal for int() with base 10: '1.5'");
    expect(() => rowsFromOtel([{ traceId: "t", startedMs: "soon", attributes: {} }])).toThrow("invalid literal for int() with base 10: 'soon'");
  });

  it("throws Python's OverflowError for an infinite token count", () => {
    expect(() => rowsFromOtel([{ traceId: "t", attributes: { "gen_ai.usage.input_tokens": "1e999" } }])).toThrow(RangeError);
  });

  it("treats a start time Python could not convert at all (a dict) as none", () => {
    const [row] = rowsFromOtel([{ traceId: "t", startTimeUnixNano: { high: 1 }, startedMs: 2, attributes: { "gen_ai.prompt": "x" } }]);
    expect(row.ts).toBe(2_000_000);
  });

  it("returns no rows for sources without spans", () => {
    for (const source of [null, undefined, 5, "spans", {}, { resourceSpans: null }, { spans: [null, 3, "x"] }, []]) expect(rowsFromOtel(source)).toEqual([]);
  });
});

describe("rowsFromOtel beyond the Python SDK", () => {
  it("reads a plain-string assistant output as final_text", () => {
    const [row] = rowsFromOtel([{ traceId: "t", startTimeUnixNano: 1, attributes: { "gen_ai.prompt": "ping", "gen_ai.completion": "Done" } }]);
    expect(row.final_text).toBe("Done");
  });

  it("decodes kvlistValue to an object and bytesValue to base64 text", () => {
    const [row] = rowsFromOtel([
      {
        traceId: "t",
        startTimeUnixNano: 1,
        attributes: [
          { key: "gen_ai.tool.name", value: { stringValue: "upload" } },
          { key: "gen_ai.tool.call.arguments", value: { kvlistValue: { values: [{ key: "path", value: { stringValue: "a.txt" } }, { key: "size", value: { intValue: "3" } }] } } },
          { key: "gen_ai.tool.call.result", value: { bytesValue: "AAEC" } },
        ],
      },
    ]);
    expect(row.steps).toEqual([{ tool: "upload", arguments: { path: "a.txt", size: "3" }, result: "AAEC" }]);
  });

  it("groups a trace whose ids come as hex, base64 and raw bytes together", () => {
    const hex = "5b8aa5a2d2c872e8321cf37308d69df2";
    const bytes = Uint8Array.from(hex.match(/../g)!.map((h) => parseInt(h, 16)));
    const base64 = btoa(String.fromCharCode(...bytes));
    const rows = rowsFromOtel([
      { traceId: base64, startTimeUnixNano: 2, attributes: { "gen_ai.input.messages": msgs(["user", "two"]) } },
      { traceId: hex, startTimeUnixNano: 1, attributes: { "gen_ai.input.messages": msgs(["user", "one"]) } },
      { traceId: bytes, startTimeUnixNano: 3, attributes: { "gen_ai.input.messages": msgs(["user", "three"]) } },
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ conversation_id: hex, prompt: "one", steps: [{ user: "two" }, { user: "three" }] });
  });
});
