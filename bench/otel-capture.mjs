// A deterministic OTLP capture of agent conversations, made with the official OpenTelemetry JS
// SDK (BasicTracerProvider, seeded ids, fixed clock) and written by the official serializers
// (JsonTraceSerializer / ProtobufTraceSerializer), so the bytes are exactly an exporter's.
// Conversations: a support agent calls 1-6 tools, each chat span repeating the whole history
// (so message attributes grow turn by turn), 20% with a second user turn in a new trace under
// the same conversation id. Conventions: 55% current GenAI (JSON message attributes and
// execute_tool spans), 15% deprecated span events, 15% OpenInference, 15% OpenLLMetry.
import { context, trace } from "@opentelemetry/api";
import { JsonTraceSerializer, ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";

/** Mulberry32: a small seeded generator, so every run builds the same capture. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  "order shipped delivery refund account invoice address warehouse carrier tracking package return " +
  "label payment card billing customer support ticket status delayed arrived damaged replacement " +
  "subscription plan upgrade cancel renewal discount coupon receipt email phone store pickup week " +
  "monday tuesday friday today tomorrow please could you check why my the a of to and is was it " +
  "for on with not yet still again need help thanks hello sorry urgent number item size colour"
).split(" ");
const TOOLS = ["lookup_order", "search_orders", "get_customer", "refund_payment", "track_shipment", "update_address"];

function makeText(random, min, max) {
  const n = min + Math.floor(random() * (max - min + 1));
  const out = [];
  for (let i = 0; i < n; i++) out.push(WORDS[Math.floor(random() * WORDS.length)]);
  return out.join(" ");
}

function toolResult(random, i) {
  const orders = [];
  const n = 1 + Math.floor(random() * 6);
  for (let k = 0; k < n; k++) {
    orders.push({ id: `A-${1000 + Math.floor(random() * 9000)}`, shipped: random() < 0.6, total: Math.round(random() * 50000) / 100, note: makeText(random, 4, 14) });
  }
  return random() < 0.15 ? { status: "error", error: `upstream ${500 + (i % 4)}` } : { status: "ok", orders };
}

/** One conversation as a script: user turns, and per model call the tool it asks for (or the answer). */
function conversation(random, index) {
  const turns = random() < 0.2 ? 2 : 1;
  const script = [];
  let callN = 0;
  for (let t = 0; t < turns; t++) {
    const calls = [];
    const n = 1 + Math.floor(random() * 6);
    for (let k = 0; k < n; k++) {
      const name = TOOLS[Math.floor(random() * TOOLS.length)];
      calls.push({ id: `call_${index}_${++callN}`, name, args: { order_id: `A-${1000 + Math.floor(random() * 9000)}`, email: `user${index}@example.com` }, result: toolResult(random, k) });
    }
    script.push({ user: makeText(random, 12, 40), calls, final: makeText(random, 25, 80) });
  }
  return script;
}

const json = JSON.stringify;

/** Emits one conversation through `tracer` in a convention; `clock` is ms since the epoch. */
function emit(tracer, convention, id, script, clock, reward) {
  const convKey = convention === "openinference" ? "session.id" : "gen_ai.conversation.id";
  const history = []; // GenAI structured messages, for the genai convention
  const chat = []; // chat-completions messages, for the other three
  let at = clock;
  let rootSpan;
  for (let t = 0; t < script.length; t++) {
    const turn = script[t];
    const rootAttrs = { [convKey]: id, "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "support" };
    if (t === script.length - 1) rootAttrs["whileai.reward"] = reward;
    rootSpan = tracer.startSpan("invoke_agent support", { startTime: at, attributes: rootAttrs });
    const parent = trace.setSpan(context.active(), rootSpan);
    history.push({ role: "user", parts: [{ type: "text", content: turn.user }] });
    chat.push({ role: "user", content: turn.user });
    const steps = [...turn.calls.map((call) => ({ call })), { final: turn.final }];
    for (const step of steps) {
      at += 7;
      const tokens = [Math.round(json(chat).length / 4), step.call ? 20 : Math.round(turn.final.length / 4)];
      const out = step.call
        ? { genai: { role: "assistant", parts: [{ type: "tool_call", id: step.call.id, name: step.call.name, arguments: step.call.args }] }, chat: { role: "assistant", content: null, tool_calls: [{ id: step.call.id, type: "function", function: { name: step.call.name, arguments: json(step.call.args) } }] } }
        : { genai: { role: "assistant", parts: [{ type: "text", content: step.final }], finish_reason: "stop" }, chat: { role: "assistant", content: step.final } };
      chatSpan(tracer, parent, convention, { id, convKey, at, history, chat, out, tokens });
      history.push(out.genai);
      chat.push(out.chat);
      if (step.call) {
        at += 11;
        toolSpan(tracer, parent, convention, { id, convKey, at, call: step.call });
        history.push({ role: "tool", parts: [{ type: "tool_call_response", id: step.call.id, response: step.call.result }] });
        chat.push({ role: "tool", tool_call_id: step.call.id, content: json(step.call.result) });
      }
    }
    rootSpan.end(at + 3);
    at += 60_000;
  }
}

function chatSpan(tracer, parent, convention, { id, convKey, at, history, chat, out, tokens }) {
  const base = { [convKey]: id };
  let name = "chat gpt-4o";
  let attributes;
  let events = [];
  if (convention === "genai") {
    attributes = { ...base, "gen_ai.operation.name": "chat", "gen_ai.provider.name": "openai", "gen_ai.request.model": "gpt-4o", "gen_ai.input.messages": json(history), "gen_ai.output.messages": json([out.genai]), "gen_ai.usage.input_tokens": tokens[0], "gen_ai.usage.output_tokens": tokens[1], "gen_ai.response.finish_reasons": [out.chat.content === null ? "tool_calls" : "stop"] };
  } else if (convention === "events") {
    name = "chat.completions gpt-4o";
    attributes = { ...base, "gen_ai.system": "openai", "gen_ai.request.model": "gpt-4o", "gen_ai.usage.input_tokens": tokens[0], "gen_ai.usage.output_tokens": tokens[1] };
    const eventName = { user: "gen_ai.user.message", assistant: "gen_ai.assistant.message", tool: "gen_ai.tool.message" };
    events = chat.map((m) => ({ name: eventName[m.role], attributes: { "gen_ai.event.content": json(m.role === "tool" ? { role: "tool", content: m.content, id: m.tool_call_id } : m) } }));
    const choice = { index: 0, message: { role: "assistant", content: out.chat.content }, finish_reason: out.chat.tool_calls ? "tool_calls" : "stop", ...(out.chat.tool_calls ? { tool_calls: out.chat.tool_calls } : {}) };
    events.push({ name: "gen_ai.choice", attributes: { "gen_ai.event.content": json(choice) } });
  } else if (convention === "openinference") {
    name = "ChatCompletion";
    attributes = { ...base, "openinference.span.kind": "LLM", "llm.model_name": "gpt-4o", "llm.token_count.prompt": tokens[0], "llm.token_count.completion": tokens[1] };
    const flat = (prefix, m) => {
      attributes[`${prefix}.message.role`] = m.role;
      if (m.content !== null) attributes[`${prefix}.message.content`] = m.content;
      if (m.tool_call_id) attributes[`${prefix}.message.tool_call_id`] = m.tool_call_id;
      (m.tool_calls ?? []).forEach((c, k) => {
        attributes[`${prefix}.message.tool_calls.${k}.tool_call.id`] = c.id;
        attributes[`${prefix}.message.tool_calls.${k}.tool_call.function.name`] = c.function.name;
        attributes[`${prefix}.message.tool_calls.${k}.tool_call.function.arguments`] = c.function.arguments;
      });
    };
    for (const [i, m] of chat.entries()) flat(`llm.input_messages.${i}`, m);
    flat("llm.output_messages.0", out.chat);
  } else {
    name = "openai.chat";
    attributes = { ...base, "llm.request.type": "chat", "gen_ai.system": "OpenAI", "gen_ai.request.model": "gpt-4o", "gen_ai.usage.prompt_tokens": tokens[0], "gen_ai.usage.completion_tokens": tokens[1] };
    chat.forEach((m, i) => {
      attributes[`gen_ai.prompt.${i}.role`] = m.role;
      if (m.content !== null) attributes[`gen_ai.prompt.${i}.content`] = m.content;
      if (m.tool_call_id) attributes[`gen_ai.prompt.${i}.tool_call_id`] = m.tool_call_id;
    });
    attributes["gen_ai.completion.0.role"] = "assistant";
    if (out.chat.content !== null) attributes["gen_ai.completion.0.content"] = out.chat.content;
    (out.chat.tool_calls ?? []).forEach((c, k) => {
      attributes[`gen_ai.completion.0.tool_calls.${k}.id`] = c.id;
      attributes[`gen_ai.completion.0.tool_calls.${k}.name`] = c.function.name;
      attributes[`gen_ai.completion.0.tool_calls.${k}.arguments`] = c.function.arguments;
    });
  }
  const span = tracer.startSpan(name, { startTime: at, attributes, kind: 3 }, parent);
  for (const event of events) span.addEvent(event.name, event.attributes, at + 1);
  span.end(at + 5);
}

function toolSpan(tracer, parent, convention, { id, convKey, at, call }) {
  const base = { [convKey]: id };
  const failed = call.result.status === "error";
  let span;
  if (convention === "genai") {
    span = tracer.startSpan(`execute_tool ${call.name}`, { startTime: at, attributes: { ...base, "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": call.name, "gen_ai.tool.call.id": call.id, "gen_ai.tool.call.arguments": json(call.args), "gen_ai.tool.call.result": json(call.result) } }, parent);
  } else if (convention === "openinference") {
    span = tracer.startSpan(call.name, { startTime: at, attributes: { ...base, "openinference.span.kind": "TOOL", "tool.name": call.name, "input.value": json(call.args), "output.value": json(call.result) } }, parent);
  } else if (convention === "openllmetry") {
    span = tracer.startSpan(`${call.name}.tool`, { startTime: at, attributes: { ...base, "traceloop.span.kind": "tool", "traceloop.entity.name": call.name, "traceloop.entity.input": json({ args: [], kwargs: call.args }), "traceloop.entity.output": json(call.result) } }, parent);
  } else {
    return; // the event form records tools only in the messages
  }
  if (failed) {
    span.addEvent("exception", { "exception.type": "UpstreamError", "exception.message": call.result.error }, at + 2);
    span.setStatus({ code: 2, message: call.result.error });
  }
  span.end(at + 4);
}

/** Seeded ids in place of the SDK's random ones. */
function idGenerator(random) {
  const hex = (n) => {
    let s = "";
    for (let i = 0; i < n; i++) s += Math.floor(random() * 16).toString(16);
    return s;
  };
  return { generateTraceId: () => hex(32), generateSpanId: () => hex(16) };
}

/**
 * Builds conversations until the OTLP JSON passes `targetBytes`, in batches of `batch`
 * conversations whose spans are interleaved as concurrent runs would export them.
 * Returns the JSON text, the protobuf bytes and the counts.
 */
export async function otelCapture({ targetBytes = 100e6, seed = 20260501 } = {}) {
  const random = rng(seed);
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ "service.name": "support-agent", "service.version": "1.4.2", "deployment.environment.name": "production" }),
    idGenerator: idGenerator(rng(seed + 1)),
    spanLimits: { attributeCountLimit: 10_000 },
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const conventions = ["genai", "genai", "genai", "genai", "genai", "genai", "genai", "genai", "genai", "genai", "genai", "events", "events", "events", "openinference", "openinference", "openinference", "openllmetry", "openllmetry", "openllmetry"];
  const tracers = Object.fromEntries(["genai", "events", "openinference", "openllmetry"].map((c) => [c, provider.getTracer(`agent-${c}`, "1.0.0")]));
  const clock = Date.UTC(2026, 4, 1, 9);
  const spans = [];
  let conversations = 0;
  let bytes = 0;
  while (bytes < targetBytes) {
    const batch = [];
    for (let k = 0; k < 64; k++, conversations++) {
      const convention = conventions[conversations % conventions.length];
      const reward = [0, 1, 1, 0.5][conversations % 4];
      emit(tracers[convention], convention, `conv-${conversations.toString(36).padStart(6, "0")}`, conversation(random, conversations), clock + conversations * 1500, reward);
    }
    await provider.forceFlush();
    batch.push(...exporter.getFinishedSpans());
    exporter.reset();
    // Concurrent runs: their spans reach the exporter mixed together.
    for (let i = batch.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [batch[i], batch[j]] = [batch[j], batch[i]];
    }
    spans.push(...batch);
    bytes += JsonTraceSerializer.serializeRequest(batch).length;
  }
  const jsonBytes = JsonTraceSerializer.serializeRequest(spans);
  const protobuf = ProtobufTraceSerializer.serializeRequest(spans);
  await provider.shutdown();
  return { text: new TextDecoder().decode(jsonBytes), jsonBytes: jsonBytes.length, protobuf, spans: spans.length, conversations };
}
