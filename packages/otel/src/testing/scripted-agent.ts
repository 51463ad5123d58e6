/**
 * One scripted agent run (a support agent looks an order up, the first tool call misses, the
 * second finds it, the user is answered and the run is graded 1), written down as four real
 * instrumentations would emit it: current GenAI messages and execute_tool spans, the deprecated
 * span events, OpenInference flattened attributes and OpenLLMetry indexed attributes. Tests
 * replay each through the official OpenTelemetry JS SDK and expect the same row from all four.
 */
import { context, trace, type Attributes, type Tracer } from "@opentelemetry/api";

export interface ScriptedSpan {
  name: string;
  /** Milliseconds after the run starts. */
  at: number;
  attributes: Attributes;
  events?: { name: string; attributes: Attributes }[];
}

export type Convention = "genai" | "events" | "openinference" | "openllmetry";

const PROMPT = "Where is my order A-1001? It was due Monday.";
const FINAL = "Found it: A-1001 shipped today and arrives Thursday.";
const LOOKUP_ARGS = { order_id: "A-1001" };
const LOOKUP_RESULT = { status: "not_found" };
const SEARCH_ARGS = { email: "dana@example.com" };
const SEARCH_RESULT = { status: "ok", orders: [{ id: "A-1001", shipped: true }] };

/** The row every convention must give (ts and conversation id aside). */
export const EXPECTED_ROW = {
  prompt: PROMPT,
  steps: [
    { tool: "lookup_order", arguments: LOOKUP_ARGS, result: LOOKUP_RESULT },
    { tool: "search_orders", arguments: SEARCH_ARGS, result: SEARCH_RESULT },
  ],
  final_text: FINAL,
  reward: 1,
  usage: { input_tokens: 410, output_tokens: 46 },
};

const json = JSON.stringify;
const root = (conversation: Attributes): ScriptedSpan => ({ name: "invoke_agent support", at: 0, attributes: { ...conversation, "whileai.reward": 1 } });

function genai(): ScriptedSpan[] {
  const conv = { "gen_ai.conversation.id": "conv-genai" };
  const user = { role: "user", parts: [{ type: "text", content: PROMPT }] };
  const call = (id: string, name: string, args: unknown) => ({ role: "assistant", parts: [{ type: "tool_call", id, name, arguments: args }] });
  const answer = (id: string, response: unknown) => ({ role: "tool", parts: [{ type: "tool_call_response", id, response }] });
  const chat = (at: number, input: unknown[], output: unknown, tokens: [number, number]): ScriptedSpan => ({
    name: "chat gpt-4o",
    at,
    attributes: { ...conv, "gen_ai.operation.name": "chat", "gen_ai.request.model": "gpt-4o", "gen_ai.input.messages": json(input), "gen_ai.output.messages": json([output]), "gen_ai.usage.input_tokens": tokens[0], "gen_ai.usage.output_tokens": tokens[1] },
  });
  const tool = (at: number, id: string, name: string, args: unknown, result: unknown): ScriptedSpan => ({
    name: `execute_tool ${name}`,
    at,
    attributes: { ...conv, "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": name, "gen_ai.tool.call.id": id, "gen_ai.tool.call.arguments": json(args), "gen_ai.tool.call.result": json(result) },
  });
  const c1 = call("call_1", "lookup_order", LOOKUP_ARGS);
  const c2 = call("call_2", "search_orders", SEARCH_ARGS);
  return [
    root(conv),
    chat(10, [user], c1, [100, 12]),
    tool(20, "call_1", "lookup_order", LOOKUP_ARGS, LOOKUP_RESULT),
    chat(30, [user, c1, answer("call_1", LOOKUP_RESULT)], c2, [130, 14]),
    tool(40, "call_2", "search_orders", SEARCH_ARGS, SEARCH_RESULT),
    chat(50, [user, c1, answer("call_1", LOOKUP_RESULT), c2, answer("call_2", SEARCH_RESULT)], { role: "assistant", parts: [{ type: "text", content: FINAL }] }, [180, 20]),
  ];
}

function events(): ScriptedSpan[] {
  const conv = { "gen_ai.conversation.id": "conv-events" };
  const body = (value: unknown) => ({ "gen_ai.event.content": json(value) });
  const toolCall = (id: string, name: string, args: unknown) => ({ id, type: "function", function: { name, arguments: json(args) } });
  const c1 = toolCall("call_1", "lookup_order", LOOKUP_ARGS);
  const c2 = toolCall("call_2", "search_orders", SEARCH_ARGS);
  const userEvent = { name: "gen_ai.user.message", attributes: body({ role: "user", content: PROMPT }) };
  const chat = (at: number, evts: { name: string; attributes: Attributes }[], tokens: [number, number]): ScriptedSpan => ({
    name: "chat.completions gpt-4o",
    at,
    attributes: { ...conv, "gen_ai.system": "openai", "gen_ai.request.model": "gpt-4o", "gen_ai.usage.input_tokens": tokens[0], "gen_ai.usage.output_tokens": tokens[1] },
    events: evts,
  });
  return [
    root(conv),
    chat(10, [userEvent, { name: "gen_ai.choice", attributes: body({ index: 0, message: { role: "assistant", content: null }, tool_calls: [c1], finish_reason: "tool_calls" }) }], [100, 12]),
    chat(
      30,
      [
        userEvent,
        { name: "gen_ai.assistant.message", attributes: body({ role: "assistant", tool_calls: [c1] }) },
        { name: "gen_ai.tool.message", attributes: body({ role: "tool", content: json(LOOKUP_RESULT), id: "call_1" }) },
        { name: "gen_ai.choice", attributes: body({ index: 0, message: { role: "assistant", content: null }, tool_calls: [c2], finish_reason: "tool_calls" }) },
      ],
      [130, 14],
    ),
    chat(
      50,
      [
        userEvent,
        { name: "gen_ai.tool.message", attributes: body({ role: "tool", content: json(LOOKUP_RESULT), id: "call_1" }) },
        { name: "gen_ai.tool.message", attributes: body({ role: "tool", content: json(SEARCH_RESULT), id: "call_2" }) },
        { name: "gen_ai.choice", attributes: body({ index: 0, message: { role: "assistant", content: FINAL }, finish_reason: "stop" }) },
      ],
      [180, 20],
    ),
  ];
}

function openinference(): ScriptedSpan[] {
  const conv = { "session.id": "conv-openinference" };
  const llm = (at: number, attributes: Attributes, tokens: [number, number]): ScriptedSpan => ({
    name: "ChatCompletion",
    at,
    attributes: { ...conv, "openinference.span.kind": "LLM", "llm.model_name": "gpt-4o", "llm.input_messages.0.message.role": "user", "llm.input_messages.0.message.content": PROMPT, ...attributes, "llm.token_count.prompt": tokens[0], "llm.token_count.completion": tokens[1] },
  });
  const call = (id: string, name: string, args: unknown) => ({
    "llm.output_messages.0.message.role": "assistant",
    "llm.output_messages.0.message.tool_calls.0.tool_call.id": id,
    "llm.output_messages.0.message.tool_calls.0.tool_call.function.name": name,
    "llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments": json(args),
  });
  const tool = (at: number, name: string, args: unknown, result: unknown): ScriptedSpan => ({
    name,
    at,
    attributes: { ...conv, "openinference.span.kind": "TOOL", "tool.name": name, "input.value": json(args), "output.value": json(result) },
  });
  return [
    { ...root(conv), name: "Agent.run", attributes: { ...root(conv).attributes, "openinference.span.kind": "AGENT" } },
    llm(10, call("call_1", "lookup_order", LOOKUP_ARGS), [100, 12]),
    tool(20, "lookup_order", LOOKUP_ARGS, LOOKUP_RESULT),
    llm(30, call("call_2", "search_orders", SEARCH_ARGS), [130, 14]),
    tool(40, "search_orders", SEARCH_ARGS, SEARCH_RESULT),
    llm(50, { "llm.output_messages.0.message.role": "assistant", "llm.output_messages.0.message.content": FINAL }, [180, 20]),
  ];
}

function openllmetry(): ScriptedSpan[] {
  const conv = { "gen_ai.conversation.id": "conv-openllmetry" };
  const chat = (at: number, attributes: Attributes, tokens: [number, number]): ScriptedSpan => ({
    name: "openai.chat",
    at,
    attributes: { ...conv, "llm.request.type": "chat", "gen_ai.system": "OpenAI", "gen_ai.request.model": "gpt-4o", "gen_ai.prompt.0.role": "user", "gen_ai.prompt.0.content": PROMPT, ...attributes, "gen_ai.usage.prompt_tokens": tokens[0], "gen_ai.usage.completion_tokens": tokens[1] },
  });
  const call = (id: string, name: string, args: unknown) => ({
    "gen_ai.completion.0.role": "assistant",
    "gen_ai.completion.0.finish_reason": "tool_calls",
    "gen_ai.completion.0.tool_calls.0.id": id,
    "gen_ai.completion.0.tool_calls.0.name": name,
    "gen_ai.completion.0.tool_calls.0.arguments": json(args),
  });
  const tool = (at: number, name: string, args: unknown, result: unknown): ScriptedSpan => ({
    name: `${name}.tool`,
    at,
    attributes: { ...conv, "traceloop.span.kind": "tool", "traceloop.entity.name": name, "traceloop.entity.input": json({ args: [], kwargs: args }), "traceloop.entity.output": json(result) },
  });
  return [
    root(conv),
    chat(10, call("call_1", "lookup_order", LOOKUP_ARGS), [100, 12]),
    tool(20, "lookup_order", LOOKUP_ARGS, LOOKUP_RESULT),
    chat(30, call("call_2", "search_orders", SEARCH_ARGS), [130, 14]),
    tool(40, "search_orders", SEARCH_ARGS, SEARCH_RESULT),
    chat(50, { "gen_ai.completion.0.role": "assistant", "gen_ai.completion.0.content": FINAL }, [180, 20]),
  ];
}

export const SCRIPTS: Record<Convention, () => ScriptedSpan[]> = { genai, events, openinference, openllmetry };

/** Emits a script through a real tracer: the first span is the root, the others its children. */
export function emitScript(tracer: Tracer, script: readonly ScriptedSpan[], startMs = Date.UTC(2026, 10, 29, 12)): void {
  const [rootSpec, ...children] = script;
  const rootSpan = tracer.startSpan(rootSpec.name, { startTime: startMs + rootSpec.at, attributes: rootSpec.attributes });
  const parent = trace.setSpan(context.active(), rootSpan);
  for (const spec of children) {
    const span = tracer.startSpan(spec.name, { startTime: startMs + spec.at, attributes: spec.attributes }, parent);
    for (const event of spec.events ?? []) span.addEvent(event.name, event.attributes, startMs + spec.at);
    span.end(startMs + spec.at + 5);
  }
  rootSpan.end(startMs + 60);
}
