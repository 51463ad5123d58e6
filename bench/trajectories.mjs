// Realistic trajectory rows for the platform transfer benchmark: a prompt, 1 to 4 tool-call steps
// with arguments and results (an error result now and then, a user turn now and then), a final
// text and a reward; deterministic per index; non-ASCII and escapes included so the encoder has work
// to do. The platform server's scale and fault tests use these rows too (types in trajectories.d.mts).

const TOOLS = ["search_orders", "read_file", "run_command", "lookup_customer", "send_email"];
const WORDS = ["refund", "order", "naïve", "ünïcode", "shipping", "delay", "🙂", "account", "invoice", "line\nbreak", 'quote "q"', "tab\there"];

function words(i, n) {
  let out = "";
  for (let k = 0; k < n; k++) out += (k ? " " : "") + WORDS[(i * 7 + k * 13) % WORDS.length];
  return out;
}

/** Row `i` of a run. */
export function trajectoryRow(i) {
  const steps = [];
  const calls = 1 + (i % 4);
  for (let s = 0; s < calls; s++) {
    const tool = TOOLS[(i + s) % TOOLS.length];
    steps.push({
      tool,
      arguments: { id: `${4400 + ((i + s) % 97)}`, query: words(i + s, 4), limit: 10 + s, verbose: s % 2 === 0 },
      result: s === calls - 1 && i % 5 === 0 ? { status: "error", output: null, error: "exit 1: 3 failed" } : { status: "ok", items: [i, s, i * 0.5], text: words(i * s, 6) },
    });
    if (i % 6 === 0 && s === 0) steps.push({ user: `and ${words(i, 3)}?` });
  }
  return {
    prompt: `where is order ${4400 + (i % 97)}: ${words(i, 8)}`,
    steps,
    final_text: `I checked ${calls} tools. ${words(i + 1, 12)}`,
    reward: i % 3 === 0 ? 1 : i % 3 === 1 ? 0 : 0.25,
    scenario_id: `task-${i % 500}`,
    conversation_id: `conv-${i}`,
    ts: 1_700_000_000 + i,
    schema_version: "1",
  };
}

export function trajectoryRows(n) {
  return Array.from({ length: n }, (_, i) => trajectoryRow(i));
}
