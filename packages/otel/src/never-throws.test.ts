import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rowsFromOtel } from "./rows-from-otel.js";

// The only errors rowsFromOtel documents: Python's ValueError / OverflowError on start times
// and token counts it cannot convert to int.
const DOCUMENTED = /^(invalid literal for int\(\) with base 10: |cannot convert float (NaN|infinity) to integer|Exceeds the limit)/;

function call(source: unknown): void {
  try {
    rowsFromOtel(source);
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name === "Error" || (error as Error).name === "RangeError").toBe(true);
    expect((error as Error).message).toMatch(DOCUMENTED);
  }
}

const KEYS = [
  "resourceSpans", "scopeSpans", "instrumentationLibrarySpans", "spans", "traceId", "trace_id", "name", "startTimeUnixNano", "startedMs", "startTimeMs",
  "attributes", "events", "key", "value", "stringValue", "intValue", "doubleValue", "boolValue", "arrayValue", "kvlistValue", "bytesValue", "values",
  "gen_ai.input.messages", "gen_ai.output.messages", "gen_ai.prompt", "gen_ai.completion", "gen_ai.tool.call.arguments", "gen_ai.tool.call.result",
  "gen_ai.tool.name", "gen_ai.tool.status", "gen_ai.tool.call.id", "gen_ai.conversation.id", "whileai.reward", "gen_ai.usage.input_tokens",
  "gen_ai.request.model", "zeroproof.model_version", "exception.message", "role", "content", "parts", "type", "id", "tool_calls", "function",
  "arguments", "response", "result", "tool_call_id", "message", "status", "code", "openinference.span.kind", "input.value", "output.value",
  "llm.input_messages.0.message.role", "llm.output_messages.0.message.tool_calls.0.tool_call.function.name", "gen_ai.prompt.0.content",
  "gen_ai.completion.0.tool_calls.0.name", "traceloop.span.kind", "gen_ai.event.content", "gen_ai.user.message", "gen_ai.choice", "__proto__", "constructor",
];

const leaf = fc.oneof(
  fc.constantFrom(null, true, false, 0, 1, -1, 0.5, 2 ** 60, NaN, "", " ", "0", "1.5", "error", "user", "assistant", "tool", "text", "tool_call", "tool_call_response", "[", "{}", "[]", '[{"role":"user","content":"x"}]', '{"a":1}', "1725317608593409008"),
  fc.string(),
  fc.double(),
  fc.integer(),
);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "xsmall", maxDepth: 3, withCrossShrink: true }, leaf, fc.array(tie("value"), { maxLength: 4 }), fc.dictionary(fc.constantFrom(...KEYS), tie("value"), { maxKeys: 5 })),
}));

describe("rowsFromOtel on arbitrary input", () => {
  it("throws nothing but documented errors on arbitrary JSON values", () => {
    fc.assert(fc.property(fc.jsonValue(), (source) => call(source)), { numRuns: 500 });
  });

  // Generating 500 nested sources takes about 4 s alone and five times that on CI's busy cores.
  it("throws nothing but documented errors on key-biased span-like objects", { timeout: 120_000 }, () => {
    const anyValue = fc.dictionary(fc.constantFrom("stringValue", "intValue", "doubleValue", "boolValue", "arrayValue", "kvlistValue", "bytesValue", "values"), value, { maxKeys: 2 });
    const attribute = fc.record({ key: fc.constantFrom(...KEYS), value: fc.oneof(anyValue, value) });
    const attributes = fc.oneof(fc.array(attribute, { maxLength: 6 }), fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 6 }));
    const event = fc.record({ name: fc.constantFrom("exception", "gen_ai.user.message", "gen_ai.tool.message", "gen_ai.choice", "gen_ai.content.prompt"), attributes });
    const spanLike = fc.record(
      { traceId: fc.oneof(fc.constantFrom("t1", "t2", "AAECAwQFBgcICQoLDA0ODw=="), value), startTimeUnixNano: fc.oneof({ arbitrary: fc.bigInt({ min: 0n, max: 2n ** 63n }).map(String), weight: 5 }, { arbitrary: value, weight: 1 }), attributes, events: fc.array(event, { maxLength: 3 }) },
      { requiredKeys: ["attributes"] },
    );
    const sources = fc.oneof(fc.array(spanLike, { maxLength: 6 }), fc.record({ spans: fc.array(spanLike) }), fc.record({ resourceSpans: fc.array(fc.record({ scopeSpans: fc.array(fc.record({ spans: fc.array(spanLike) })) })) }));
    fc.assert(fc.property(sources, (source) => call(source)), { numRuns: 500 });
  });
});
