import { describe, expect, it } from "vitest";
import { ToolBinding } from "./tool-binding.js";

describe("ToolBinding", () => {
  it("steps a call once, however often the history repeats it, and binds the first answer", () => {
    const binding = new ToolBinding();
    const call = { id: "c1", name: "f", arguments: {} };
    const step = binding.stepFor(call);
    expect(step).toEqual({ tool: "f", arguments: {}, result: null });
    expect(binding.stepFor(call)).toBeNull();
    binding.bind({ id: "c1", response: "first" });
    binding.bind({ id: "c1", response: "second" });
    expect(step?.result).toBe("first");
  });

  it("leaves calls a tool span records to the span: by id, else one nameless-id span per name", () => {
    const binding = new ToolBinding();
    binding.addSpan("f", "c1");
    binding.addSpan("g", "");
    expect(binding.stepFor({ id: "c1", name: "f", arguments: {} })).toBeNull();
    expect(binding.stepFor({ id: "c2", name: "g", arguments: {} })).toBeNull();
    expect(binding.stepFor({ id: "c3", name: "g", arguments: {} })).not.toBeNull();
  });

  it("does not bind answers without an id, and steps every call without one", () => {
    const binding = new ToolBinding();
    const step = binding.stepFor({ id: "", name: "f", arguments: {} });
    binding.bind({ id: "", response: "x" });
    expect(step?.result).toBeNull();
    expect(binding.stepFor({ id: "", name: "f", arguments: {} })).not.toBeNull();
  });
});
