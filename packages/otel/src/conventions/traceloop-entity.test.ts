import { describe, expect, it } from "vitest";
import { decodeAttributes } from "../attributes.js";
import { isTraceloopEntity, traceloopEntityInput, traceloopEntityOutput } from "./traceloop-entity.js";

describe("Traceloop entity spans", () => {
  it("reads the first text argument and a JSON-encoded text return value", () => {
    const attrs = decodeAttributes({ "traceloop.span.kind": "workflow", "traceloop.entity.input": '{"args":[3,"Pack?"],"kwargs":{}}', "traceloop.entity.output": '"Yes."' });
    expect(isTraceloopEntity(attrs)).toBe(true);
    expect(traceloopEntityInput(attrs)).toBe("Pack?");
    expect(traceloopEntityOutput(attrs)).toBe("Yes.");
  });

  it("falls back to keyword arguments, and reads no text from objects", () => {
    const attrs = decodeAttributes({ "traceloop.span.kind": "task", "traceloop.entity.input": '{"args":[],"kwargs":{"question":"Q"}}', "traceloop.entity.output": '{"answer":"A"}' });
    expect(traceloopEntityInput(attrs)).toBe("Q");
    expect(traceloopEntityOutput(attrs)).toBe("");
  });

  it("is no entity for tool spans (those are steps) or other spans", () => {
    expect(isTraceloopEntity(decodeAttributes({ "traceloop.span.kind": "tool" }))).toBe(false);
    expect(isTraceloopEntity(decodeAttributes({}))).toBe(false);
  });
});
