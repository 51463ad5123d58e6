import { describe, expect, it } from "vitest";
import { readMessages } from "./messages.js";
import { rowsFromOtel } from "./rows-from-otel.js";

describe("readMessages beyond Python", () => {
  it("reads a single message object as a list of one (Python reads nothing from an object)", () => {
    expect(readMessages('{"text": "Done."}', "assistant").texts).toEqual(["Done."]);
    expect(readMessages({ role: "assistant", content: "Done." }, "assistant").texts).toEqual(["Done."]);
    expect(readMessages('{"role": "assistant", "parts": [{"type": "text", "content": "Done."}]}', "assistant").texts).toEqual(["Done."]);
    expect(readMessages('{"role": "user", "content": "Hi"}', "user").texts).toEqual(["Hi"]);
  });

  it("leaves objects that are no message, or another role's, unread", () => {
    expect(readMessages('{"choices": [{"text": "x"}]}', "assistant").texts).toEqual([]);
    expect(readMessages('{"role": "user", "content": "Hi"}', "assistant").texts).toEqual([]);
    expect(readMessages('{"text": 5}', "assistant").texts).toEqual([]);
  });

  it("gives a gen_ai.completion object as final_text", () => {
    const [row] = rowsFromOtel([{ traceId: "t", startTimeUnixNano: 1, attributes: { "gen_ai.prompt": "ping", "gen_ai.completion": '{"text": "pong"}' } }]);
    expect(row).toMatchObject({ prompt: "ping", final_text: "pong" });
  });

  it("collects the calls of the input history's assistant messages, each after the user texts before it", () => {
    const history = [
      { role: "user", content: "a" },
      { role: "assistant", tool_calls: [{ id: "c1", function: { name: "f", arguments: "{}" } }] },
      { role: "tool", tool_call_id: "c1", content: "r" },
      { role: "user", content: "b" },
      { role: "assistant", parts: [{ type: "tool_call", id: "c2", name: "g" }] },
    ];
    const read = readMessages(JSON.stringify(history), "user");
    expect(read.texts).toEqual(["a", "b"]);
    expect(read.historyCalls).toEqual([
      { id: "c1", name: "f", arguments: {}, turn: 1 },
      { id: "c2", name: "g", arguments: {}, turn: 2 },
    ]);
    expect(read.calls).toEqual([]);
    expect(readMessages(JSON.stringify(history), "assistant").historyCalls).toEqual([]);
  });
});
