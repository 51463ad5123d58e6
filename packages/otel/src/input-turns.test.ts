import { describe, expect, it } from "vitest";
import { inputTurns } from "./input-turns.js";
import { ToolBinding } from "./tool-binding.js";

describe("inputTurns", () => {
  it("places each history call after the user texts that came before it", () => {
    const read = {
      texts: ["first", "second"],
      calls: [],
      responses: [],
      historyCalls: [
        { id: "a", name: "f", arguments: {}, turn: 1 },
        { id: "b", name: "g", arguments: {}, turn: 2 },
      ],
    };
    expect(inputTurns(read, new ToolBinding())).toEqual(["first", { tool: "f", arguments: {}, result: null }, "second", { tool: "g", arguments: {}, result: null }]);
  });

  it("gives no step for a call a tool span records", () => {
    const binding = new ToolBinding();
    binding.addSpan("f", "a");
    expect(inputTurns({ texts: ["q"], calls: [], responses: [], historyCalls: [{ id: "a", name: "f", arguments: {}, turn: 1 }] }, binding)).toEqual(["q"]);
  });
});
