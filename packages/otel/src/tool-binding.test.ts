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

describe("ToolBinding.historySteps", () => {
  const call = (id: string, name = "f", args: unknown = {}) => ({ id, name, arguments: args });

  it("steps a history call once, and not at all when an output already stepped it", () => {
    const binding = new ToolBinding();
    expect(binding.stepFor(call("c1"))).not.toBeNull();
    expect(binding.historySteps([call("c1"), call("c2")])).toEqual([null, { tool: "f", arguments: {}, result: null }]);
    expect(binding.historySteps([call("c1"), call("c2")])).toEqual([null, null]);
  });

  it("tells id-less calls apart by their place: a repeated history steps nothing twice", () => {
    const binding = new ToolBinding();
    expect(binding.historySteps([call("", "f", { q: 1 })]).map(Boolean)).toEqual([true]);
    expect(binding.historySteps([call("", "f", { q: 1 }), call("", "f", { q: 1 })]).map(Boolean)).toEqual([false, true]);
    // An id-less output call counts as handled too.
    expect(binding.stepFor(call("", "g"))).not.toBeNull();
    expect(binding.historySteps([call("", "g")])).toEqual([null]);
  });

  it("lets a tool span without an id absorb one history call of its name, once however often it repeats", () => {
    const binding = new ToolBinding();
    binding.addSpan("f", "");
    expect(binding.historySteps([call("")])).toEqual([null]);
    expect(binding.historySteps([call(""), call("")]).map(Boolean)).toEqual([false, true]);
  });
});

describe("ToolBinding with the conversation's outputs registered", () => {
  it("leaves a history call to the output that records it, and keeps id-less spans for the outputs to come", () => {
    const binding = new ToolBinding();
    binding.addSpan("f", "");
    binding.addOutputCall({ id: "now", name: "f", arguments: {} });
    // An earlier turn's call in a run span's history: no spare span, so it is a step of its own.
    expect(binding.historySteps([{ id: "before", name: "f", arguments: {} }, { id: "now", name: "f", arguments: {} }])).toEqual([{ tool: "f", arguments: {}, result: null }, null]);
    // The output's call is the span's.
    expect(binding.stepFor({ id: "now", name: "f", arguments: {} })).toBeNull();
  });
});
