// Deterministic benchmark rows shaped like the conformance inputs (load_traces / trace_report
// vectors): a mix of canonical rows, `tool_trace` logs, OpenAI `messages` and Anthropic content
// blocks, with faulted results, 0/1 labels, unlabelled rows and fractional judge scores.

// The examples' seeded PRNG, so every run measures the same rows.
import { createRandom } from "../examples/generator/random.mjs";

const TOOLS = [
  ["lookup_order", (r) => ({ order_id: `A-${r.int(1000, 99999)}` })],
  ["create_refund", (r) => ({ order_id: `A-${r.int(1000, 99999)}`, amount: r.int(5, 400) + 0.99 })],
  ["get_refund_status", (r) => ({ order_id: `A-${r.int(1000, 99999)}` })],
  ["search_kb", (r) => ({ query: r.pick(["password reset", "international shipping", "return policy", "warranty claim"]) })],
  ["read_file", (r) => ({ path: r.pick(["src/app.py", "src/billing/invoice.py", "README.md", "src/lib/retry.ts"]) })],
  ["run_command", (r) => ({ command: r.pick(["pytest -q", "pnpm test", "make build"]), timeout: 120 })],
];

/** Result payloads: clean ones in the tool's own vocabulary, and the faults the reports count. */
const RESULTS = [
  [40, () => ({ status: "ok" })],
  [12, (r) => ({ status: "shipped", eta: `2025-03-${r.int(10, 28)}` })],
  [6, (r) => ({ status: "exit_0", stdout: `${r.int(3, 300)} passed in ${r.int(1, 9)}.${r.int(0, 9)}s` })],
  [8, () => ({ status: "not_found", missing: ["ORD-4412"] })],
  [7, () => ({ status: "timeout", error: "request timed out" })],
  [5, () => ({ status: "permission_denied" })],
  [4, () => ({ status: "500", error: "Internal Server Error" })],
  [3, () => ({ status: "ok", data: "<<garbled resp0nse" })],
  [4, () => ({ status: "in_transit", stale: true })],
  [3, () => ({ status: "exit_1", stdout: "1 failed" })],
  [3, () => ({ error: "boom" })],
  [2, () => ({ status: "already_done", reason: "already_acted_on" })],
  [3, () => "plain text result"],
];
const RESULT_TOTAL = RESULTS.reduce((sum, [w]) => sum + w, 0);

function result(rnd) {
  let roll = rnd.next() * RESULT_TOTAL;
  for (const [w, make] of RESULTS) if ((roll -= w) < 0) return make(rnd);
  return RESULTS[0][1](rnd);
}

const ASKS = [
  (r) => `Where is order ${r.int(1000, 99999)}?`,
  (r) => `Refund order A-${r.int(1000, 99999)}, it arrived broken`,
  (r) => `has my refund for #${r.int(1000, 99999)} gone through`,
  (r) => `Do you ship to ${r.pick(["Canada", "Norway", "Japan", "Brazil"])}? Order ${r.int(1, 999)}`,
  (r) => `Fix the failing test in ${r.pick(["tests/test_invoice.py", "test/retry.test.ts"])} (run ${r.int(1, 99999)})`,
  () => "check on my order pls",
];
const FINALS = ["Order shipped and arrives Friday.", "I could not find that order.", "Refund created.", "I'm unable to do that without manager approval.", "All tests pass now."];

/** 1-3 tool calls with their results. */
function calls(rnd) {
  return Array.from({ length: rnd.int(1, 3) }, () => {
    const [tool, args] = rnd.pick(TOOLS);
    return { tool, arguments: args(rnd), result: result(rnd) };
  });
}

/** The label columns a row carries: mostly 0/1, some none (with an unread number), some fractional. */
function labels(rnd, row) {
  const roll = rnd.next();
  if (roll < 0.62) row.reward = rnd.int(0, 1);
  else if (roll < 0.67) row.reward = rnd.chance(0.5);
  else if (roll < 0.72) row.reward = rnd.pick(["1", "0", "1.0"]);
  else if (roll < 0.8) row.reward = rnd.pick([0.25, 0.5, 0.75]);
  else if (roll < 0.85) row.score = rnd.pick([0.2, 0.6, 0.9]);
  else if (roll < 0.88) row.qwen_reward = rnd.int(0, 1);
  else row.latency_ms = rnd.int(50, 4000);
  if (rnd.chance(0.2)) row.ts = 1700000000 + rnd.int(0, 9999999);
  return row;
}

function canonical(rnd, prompt) {
  const steps = calls(rnd);
  if (rnd.chance(0.5)) steps.unshift({ user: prompt });
  return { prompt, steps, final_text: rnd.pick(FINALS) };
}

function toolTrace(rnd, prompt) {
  const trace = calls(rnd).map((c) => ({ tool: c.tool, input: rnd.chance(0.5) ? JSON.stringify(c.arguments) : c.arguments, output: rnd.chance(0.5) && typeof c.result === "object" ? JSON.stringify(c.result) : c.result }));
  return { question: prompt, tool_trace: trace, final: rnd.pick(FINALS) };
}

function openai(rnd, prompt, n) {
  const made = calls(rnd);
  const ids = made.map((_, i) => `call_${n}_${i}`);
  const replies = made.map((c, i) => ({ role: "tool", tool_call_id: ids[i], content: typeof c.result === "string" ? c.result : JSON.stringify(c.result) }));
  if (replies.length > 1 && rnd.chance(0.5)) replies.reverse();
  return {
    messages: [
      { role: "system", content: "You are an order agent." },
      { role: "user", content: prompt },
      { role: "assistant", content: null, tool_calls: made.map((c, i) => ({ id: ids[i], type: "function", function: { name: c.tool, arguments: JSON.stringify(c.arguments) } })) },
      ...replies,
      { role: "assistant", content: rnd.pick(FINALS) },
    ],
  };
}

function anthropic(rnd, prompt, n) {
  const made = calls(rnd);
  const ids = made.map((_, i) => `toolu_${n}_${i}`);
  return {
    messages: [
      { role: "user", content: prompt },
      { role: "assistant", content: [{ type: "text", text: "Let me look that up." }, ...made.map((c, i) => ({ type: "tool_use", id: ids[i], name: c.tool, input: c.arguments }))] },
      {
        role: "user",
        content: made.map((c, i) => {
          const block = { type: "tool_result", tool_use_id: ids[i], content: typeof c.result === "string" ? c.result : JSON.stringify(c.result) };
          if (rnd.chance(0.15)) block.is_error = true;
          return block;
        }),
      },
      { role: "assistant", content: [{ type: "text", text: rnd.pick(FINALS) }] },
    ],
  };
}

/** `count` rows: 40% canonical, 25% tool_trace, 20% OpenAI, 14.5% Anthropic, 0.5% empty (dropped). */
export function benchRows(count, seed = 7) {
  const rnd = createRandom(seed);
  const rows = new Array(count);
  for (let n = 0; n < count; n++) {
    const prompt = rnd.pick(ASKS)(rnd);
    const shape = rnd.next();
    const row = shape < 0.4 ? canonical(rnd, prompt) : shape < 0.65 ? toolTrace(rnd, prompt) : shape < 0.85 ? openai(rnd, prompt, n) : shape < 0.995 ? anthropic(rnd, prompt, n) : {};
    rows[n] = labels(rnd, row);
  }
  return rows;
}
