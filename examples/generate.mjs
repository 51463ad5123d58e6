// Writes the example trace files in examples/ (one per export shape that loadTraces reads).
// Deterministic: a seeded PRNG and no clock, so re-running it reproduces the committed files.
//   node examples/generate.mjs
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { codingScenario, CODING_SYSTEM } from "./generator/coding.mjs";
import { createRandom } from "./generator/random.mjs";
import { anthropicMessages, canonicalSteps, openaiMessages, toolTrace } from "./generator/shapes.mjs";
import { SUPPORT_SYSTEM, supportScenario } from "./generator/support.mjs";

const DAY = Date.UTC(2024, 10, 4);
const stamp = (rnd) => new Date(DAY + rnd.int(0, 14 * 86400) * 1000).toISOString().replace(".000", "");

/** Support tickets as canonical rows. Some are not yet reviewed, a few carry a judge's 0.5, a few a "1"/"0" from a CSV import. */
function supportCanonical(rnd, n) {
  return Array.from({ length: n }, (_, i) => {
    const s = supportScenario(rnd);
    const row = { id: `tkt_${rnd.hex(8)}`, channel: rnd.pick(["chat", "chat", "email", "in_app"]), prompt: s.prompt, steps: canonicalSteps(s, rnd), final_text: s.final };
    const grading = i % 31 === 9 ? "partial" : i % 19 === 4 ? "csv" : rnd.chance(0.12) ? "unreviewed" : "graded";
    if (grading === "graded") row.reward = s.passed ? 1 : 0;
    if (grading === "csv") row.reward = s.passed ? "1" : "0";
    if (grading === "partial") row.reward = 0.5;
    row.handle_time_s = rnd.int(20, 900);
    return row;
  });
}

/** Coding-agent sessions from an in-house logger: `tool_trace`, and three prompt/final spellings. */
function codingToolTrace(rnd, n) {
  const spellings = [["prompt", "final_text"], ["question", "final"], ["task", "output"]];
  return Array.from({ length: n }, () => {
    const s = codingScenario(rnd);
    const [promptKey, finalKey] = rnd.pick(spellings);
    const row = { session: `sess_${rnd.hex(10)}`, repo: s.lang === "python" ? "acme/billing-api" : "acme/storefront-web" };
    row[promptKey] = s.prompt;
    row.tool_trace = toolTrace(s, rnd);
    row[finalKey] = s.final;
    if (rnd.chance(0.85)) row.reward = s.passed ? 1 : 0;
    row.duration_s = rnd.int(1500, 240000) / 100;
    return row;
  });
}

/** Support chats exported from the OpenAI API, thumbs up/down as reward, two abandoned sessions. */
function openaiExport(rnd, n) {
  const rows = Array.from({ length: n }, () => {
    const s = supportScenario(rnd);
    const row = { conversation_id: `conv_${rnd.hex(12)}`, model: rnd.pick(["gpt-4o-2024-08-06", "gpt-4o-mini-2024-07-18"]), created_at: stamp(rnd), messages: openaiMessages(s, rnd, SUPPORT_SYSTEM) };
    if (rnd.chance(0.8)) row.reward = s.passed ? 1 : 0;
    return row;
  });
  // A visitor who opened the chat and left: only the system prompt, so the loader drops the row.
  for (const at of [17, 52]) rows.splice(at, 0, { conversation_id: `conv_${rnd.hex(12)}`, model: "gpt-4o-mini-2024-07-18", created_at: stamp(rnd), messages: [{ role: "system", content: SUPPORT_SYSTEM }] });
  return rows;
}

/** Claude runs (mostly coding, some support) in Anthropic Messages form, reward as a boolean. */
function anthropicExport(rnd, n) {
  const rows = Array.from({ length: n }, () => {
    const coding = rnd.chance(0.6);
    const s = coding ? codingScenario(rnd) : supportScenario(rnd);
    const row = { id: `run_${rnd.hex(12)}`, model: "claude-3-5-sonnet-20241022", system: coding ? CODING_SYSTEM : SUPPORT_SYSTEM, messages: anthropicMessages(s, rnd) };
    if (rnd.chance(0.85)) row.reward = s.passed;
    return row;
  });
  rows.splice(31, 0, { id: `run_${rnd.hex(12)}`, model: "claude-3-5-sonnet-20241022", system: SUPPORT_SYSTEM, messages: [], error: "overloaded_error" });
  return rows;
}

/** An eval run graded by a rubric judge: `input`/`output` spellings and a fractional `score`, no `reward`. */
function gradedByScore(rnd, n) {
  return Array.from({ length: n }, (_, i) => {
    const s = supportScenario(rnd);
    const criteria = Object.values(s.rubric);
    const score = criteria.reduce((a, b) => a + b, 0) / criteria.length;
    return { task_id: `eval-${String(i + 1).padStart(3, "0")}`, input: s.prompt, steps: canonicalSteps(s, rnd), output: s.final, score, rubric: s.rubric, judge: "rubric-v3" };
  });
}

const FILES = {
  "support-canonical.jsonl": (rnd) => supportCanonical(rnd, 80),
  "coding-tool-trace.jsonl": (rnd) => codingToolTrace(rnd, 60),
  "openai-messages.jsonl": (rnd) => openaiExport(rnd, 70),
  "anthropic-blocks.jsonl": (rnd) => anthropicExport(rnd, 50),
  "graded-by-score.jsonl": (rnd) => gradedByScore(rnd, 48),
};

const here = fileURLToPath(new URL(".", import.meta.url));
let seed = 20241104;
for (const [name, build] of Object.entries(FILES)) {
  const rows = build(createRandom(seed++));
  writeFileSync(here + name, rows.map((row) => JSON.stringify(row)).join("\n") + "\n");
  console.log(`${name}: ${rows.length} rows`);
}
