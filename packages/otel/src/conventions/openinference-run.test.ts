import { describe, expect, it } from "vitest";
import { rowsFromOtel } from "../rows-from-otel.js";
import { exportOf, span } from "../testing/otlp.js";

// A LangChain graph whose model is not traced: only the root CHAIN span says what was asked and answered.
const human = { lc: 1, type: "constructor", id: ["langchain_core", "messages", "HumanMessage"], kwargs: { content: "Is it open?" } };
const ai = { lc: 1, type: "constructor", id: ["langchain_core", "messages", "AIMessage"], kwargs: { content: "Yes, until 9." } };

describe("OpenInference root chain values", () => {
  it("gives the prompt and final text of a run with no message spans", () => {
    const root = span({
      traceId: "ab".repeat(16),
      start: 100,
      attributes: {
        "openinference.span.kind": "CHAIN",
        "input.value": JSON.stringify({ messages: [{ role: "user", content: "Is it open?" }] }),
        "input.mime_type": "application/json",
        "output.value": JSON.stringify({ messages: [human, ai] }),
        "output.mime_type": "application/json",
      },
    });
    const [row] = rowsFromOtel(exportOf([root]));
    expect([row.prompt, row.final_text]).toEqual(["Is it open?", "Yes, until 9."]);
  });

  it("reads a chain's {input} / {output}, and never a nested span's values", () => {
    const trace = "cd".repeat(16);
    const chain = { "openinference.span.kind": "CHAIN", "input.mime_type": "application/json", "output.mime_type": "application/json" };
    const root = span({ traceId: trace, start: 100, attributes: { ...chain, "input.value": '{"input":"Q"}', "output.value": '{"output":"A"}' } });
    const nested = { ...span({ traceId: trace, start: 200, attributes: { ...chain, "input.value": '{"input":"inner"}', "output.value": '{"output":"partial"}' } }), parentSpanId: "1".repeat(16) };
    const [row] = rowsFromOtel(exportOf([root, nested]));
    expect([row.prompt, row.final_text]).toEqual(["Q", "A"]);
  });
});
