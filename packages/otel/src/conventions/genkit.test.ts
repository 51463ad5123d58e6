import { describe, expect, it } from "vitest";
import { decodeAttributes } from "../attributes.js";
import { rowsFromOtel } from "../rows-from-otel.js";
import { kv, span } from "../testing/otlp.js";
import { genkitMessages, genkitToolStep, genkitUsage } from "./genkit.js";

const attrs = (a: Record<string, unknown>) => decodeAttributes(kv(a));
const model = (input: unknown, output: unknown) => attrs({ "genkit:type": "action", "genkit:metadata:subtype": "model", "genkit:input": JSON.stringify(input), "genkit:output": JSON.stringify(output) });

describe("genkit spans", () => {
  it("reads only model spans: flow and util spans repeat what the models say", () => {
    const flow = attrs({ "genkit:type": "action", "genkit:metadata:subtype": "flow", "genkit:input": '"hi"', "genkit:output": '"yo"' });
    expect(genkitMessages(flow, "user")).toBeNull();
    expect(genkitMessages(attrs({ "genkit:type": "util", "genkit:input": "{}" }), "assistant")).toBeNull();
  });

  it("joins a message's text parts as Genkit does, and reads the older candidates form", () => {
    const read = genkitMessages(model({}, { candidates: [{ index: 0, message: { role: "model", content: [{ text: "Hel" }, { text: "lo" }, { media: { url: "x" } }] } }] }), "assistant");
    expect(read?.texts).toEqual(["Hello"]);
  });

  it("binds a toolResponse to its toolRequest by ref when no tool span exists", () => {
    const request = { role: "model", content: [{ toolRequest: { name: "f", ref: "r1", input: { a: 1 } } }] };
    const rows = rowsFromOtel([
      span({ start: 1, attributes: { "genkit:type": "action", "genkit:metadata:subtype": "model", "genkit:input": JSON.stringify({ messages: [{ role: "user", content: [{ text: "go" }] }] }), "genkit:output": JSON.stringify({ message: request }) } }),
      span({ start: 2, attributes: { "genkit:type": "action", "genkit:metadata:subtype": "model", "genkit:input": JSON.stringify({ messages: [{ role: "user", content: [{ text: "go" }] }, request, { role: "tool", content: [{ toolResponse: { name: "f", ref: "r1", output: "ok" } }] }] }), "genkit:output": JSON.stringify({ message: { role: "model", content: [{ text: "done" }] } }) } }),
    ]);
    expect(rows[0]).toMatchObject({ prompt: "go", steps: [{ tool: "f", arguments: { a: 1 }, result: "ok" }], final_text: "done" });
  });

  it("reads a tool span's JSON-text string output as the string, and no usage where the response has none", () => {
    const tool = attrs({ "genkit:type": "action", "genkit:metadata:subtype": "tool", "genkit:name": "f", "genkit:input": '{"a":1}', "genkit:output": '"sunny"', "genkit:state": "success" });
    expect(genkitToolStep({}, tool)).toEqual({ tool: "f", arguments: { a: 1 }, result: "sunny" });
    expect(genkitUsage(model({}, { message: null }))).toBeNull();
    expect(genkitUsage(model({}, { usage: { inputTokens: 3 } }))).toEqual({ input: 3, output: null });
  });
});
