// Renders one scenario ({ prompt, turns: [{ say?, calls: [{ tool, arguments, result, failed }] }],
// final, passed }) in each export shape that loadTraces reads (traces.md §3).
import { pyJson } from "./random.mjs";

/** A tool result as text, the way each exporter writes it: JSON for objects, raw for strings. */
const asText = (result, dumps = JSON.stringify) => (typeof result === "string" ? result : dumps(result));

/** Canonical row: prompt / steps / final_text, tool steps already under `arguments` and `result`. */
export function canonicalSteps(scenario, rnd) {
  const steps = rnd.chance(0.7) ? [{ user: scenario.prompt }] : [];
  for (const turn of scenario.turns) {
    if (turn.say) steps.push({ text: turn.say });
    for (const call of turn.calls) steps.push({ tool: call.tool, arguments: call.arguments, result: call.result });
  }
  if (rnd.chance(0.5)) steps.push({ text: scenario.final });
  return steps;
}

/**
 * A `tool_trace` list as an in-house logger writes it: `input`/`output` aliases, inputs often a
 * JSON string, object outputs serialised by Python, and an older logger version's `args`/`response`.
 */
export function toolTrace(scenario, rnd) {
  const legacy = rnd.chance(0.12);
  const trace = [];
  for (const turn of scenario.turns) {
    for (const call of turn.calls) {
      const input = rnd.chance(0.5) ? pyJson(call.arguments) : call.arguments;
      const output = typeof call.result === "string" || rnd.chance(0.6) ? asText(call.result, pyJson) : call.result;
      trace.push(legacy
        ? { tool: call.tool, args: input, response: output }
        : { tool: call.tool, input, output, duration_ms: rnd.int(40, call.tool === "run_command" ? 90000 : 2500) });
    }
  }
  return trace;
}

/**
 * OpenAI chat-completions export: parallel `tool_calls` with JSON-string arguments, `role: "tool"`
 * replies bound by `tool_call_id` (parallel ones sometimes answered out of order), and now and then
 * a reply that only carries the tool `name`, as older SDK versions logged it.
 */
export function openaiMessages(scenario, rnd, system) {
  const messages = [{ role: "system", content: system }, { role: "user", content: scenario.prompt }];
  const byName = rnd.chance(0.08);
  for (const turn of scenario.turns) {
    const ids = turn.calls.map(() => `call_${rnd.hex(24)}`);
    messages.push({
      role: "assistant",
      content: turn.say ?? null,
      tool_calls: turn.calls.map((call, i) => ({ id: ids[i], type: "function", function: { name: call.tool, arguments: JSON.stringify(call.arguments) } })),
    });
    const order = turn.calls.map((_, i) => i);
    if (order.length > 1 && rnd.chance(0.5)) order.reverse();
    for (const i of order) {
      const call = turn.calls[i];
      messages.push(byName
        ? { role: "tool", name: call.tool, content: replyText(call.result, rnd) }
        : { role: "tool", tool_call_id: ids[i], content: replyText(call.result, rnd) });
    }
  }
  messages.push({ role: "assistant", content: scenario.final });
  return messages;
}

/** A garbled payload sometimes arrives cut off mid-string, which no JSON parser can read back. */
function replyText(result, rnd) {
  const text = asText(result);
  return text.includes("<<garbled") && rnd.chance(0.4) ? text.slice(0, text.indexOf("<<garbled") + 14) : text;
}

/**
 * Anthropic Messages export: text and `tool_use` blocks in assistant turns, `tool_result` blocks
 * in the next user turn (ids `toolu_…`), errors flagged with `is_error: true` and reported either
 * as the tool's JSON or as a plain error line.
 */
export function anthropicMessages(scenario, rnd) {
  const messages = [{ role: "user", content: rnd.chance(0.5) ? scenario.prompt : [{ type: "text", text: scenario.prompt }] }];
  for (const turn of scenario.turns) {
    const ids = turn.calls.map(() => `toolu_01${rnd.hex(22)}`);
    const content = turn.say ? [{ type: "text", text: turn.say }] : [];
    turn.calls.forEach((call, i) => content.push({ type: "tool_use", id: ids[i], name: call.tool, input: call.arguments }));
    messages.push({ role: "assistant", content });
    const order = turn.calls.map((_, i) => i);
    if (order.length > 1 && rnd.chance(0.3)) order.reverse();
    messages.push({
      role: "user",
      content: order.map((i) => {
        const call = turn.calls[i];
        const block = { type: "tool_result", tool_use_id: ids[i], content: resultContent(call, rnd) };
        if (call.failed) block.is_error = true;
        return block;
      }),
    });
  }
  messages.push({ role: "assistant", content: [{ type: "text", text: scenario.final }] });
  return messages;
}

function resultContent(call, rnd) {
  const { result } = call;
  if (call.failed && typeof result === "object" && rnd.chance(0.5)) {
    // The plain error line a tool runner prints, without the structured status.
    if (result.status === "not_found") return `Not found: ${result.order_id ?? result.path ?? result.email}`;
    return result.error ?? result.stdout ?? `${call.tool} failed with status ${result.status}`;
  }
  const text = asText(result);
  return rnd.chance(0.3) ? [{ type: "text", text }] : text;
}
