import { describe, expect, it } from "vitest";
import { rowsFromOtel } from "./rows-from-otel.js";
import { span } from "./testing/otlp.js";

const usage = (input: number, output: number) => ({ "gen_ai.usage.input_tokens": input, "gen_ai.usage.output_tokens": output });
/** `child` as a span under `parent`. */
const under = (parent: Record<string, unknown>, child: Record<string, unknown>): Record<string, unknown> => ({ ...child, parentSpanId: parent.spanId });
const ask = { "gen_ai.input.messages": '[{"role": "user", "content": "q"}]' };

describe("usage totals", () => {
  it("does not add an agent span's total to the model calls below it, however deep", () => {
    const agent = span({ start: 1, name: "invoke_agent", attributes: { ...ask, ...usage(30, 7) } });
    const step = under(agent, span({ start: 2, name: "step 1" }));
    const first = under(step, span({ start: 3, name: "chat", attributes: usage(10, 3) }));
    const second = under(step, span({ start: 4, name: "chat", attributes: usage(20, 4) }));
    expect(rowsFromOtel([agent, step, first, second])[0].usage).toEqual({ input_tokens: 30, output_tokens: 7 });
  });

  it("counts a parent's usage when no span below it reports any", () => {
    const agent = span({ start: 1, name: "invoke_agent", attributes: { ...ask, ...usage(30, 7) } });
    const toolCall = under(agent, span({ start: 2, name: "execute_tool" }));
    expect(rowsFromOtel([agent, toolCall])[0].usage).toEqual({ input_tokens: 30, output_tokens: 7 });
  });
});
