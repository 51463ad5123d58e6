// Writes examples/generated/simulated-support.jsonl: what a simulator aimed by the example traces
// hands back, for `pnpm start` to leakage-check against its holdout. Most rows are new scenarios
// (scenarios.mjs); a few are near copies of example trace prompts (other order numbers, a
// greeting added), the kind of row the leakage gate exists to catch. Seeded, so re-running it
// reproduces the committed file byte for byte:
//   node examples/generated/generate.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { createRandom } from "../generator/random.mjs";
import { simulatedRow, simulatorAxes } from "./scenarios.mjs";

const NEW_SCENARIOS = 100;
const NEAR_COPIES = 20;
// Canonical-shaped example files the simulator saw: [file, prompt key, answer key].
const SEEN = [["support-canonical.jsonl", "prompt", "final_text"], ["graded-by-score.jsonl", "input", "output"]];

const examples = new URL("../", import.meta.url);
const rnd = createRandom(20241201);

const readRows = (name) => readFileSync(new URL(name, examples), "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line));

/** Gives every order the row's tools looked up a new number, wherever the row mentions it. */
function renumber(text, steps) {
  const orders = new Set(steps.map((step) => step.arguments?.order_id).filter((id) => typeof id === "string"));
  let out = text;
  for (const id of orders) out = out.replaceAll(id.replace(/^A-/, ""), String(rnd.int(10000, 99999)));
  return out;
}

/** A near copy of one example row: same ask and answer, other order numbers, a greeting or a thanks. */
function nearCopy(row, promptKey, answerKey) {
  const prompt = row[promptKey];
  const body = JSON.parse(renumber(JSON.stringify({ prompt, steps: row.steps.filter((step) => !("user" in step)), final_text: row[answerKey] }), row.steps));
  const [before, after] = rnd.pick([["Hi! ", ""], ["Hello! ", ""], ["", " Thanks."], ["", " Thank you!"], ["Hey there. ", " Cheers"]]);
  const stop = after && !/[.?!]$/.test(body.prompt) ? "." : "";
  body.prompt = before + body.prompt + stop + after;
  const reward = "reward" in row ? Number(row.reward) : Number(row.score >= 0.5);
  return { prompt: body.prompt, steps: [{ user: body.prompt }, ...body.steps], final_text: body.final_text, reward: reward === 1 ? 1 : 0 };
}

const rows = Array.from({ length: NEW_SCENARIOS }, (_, i) => simulatedRow(rnd, i));
const seen = SEEN.flatMap(([file, promptKey, answerKey]) => readRows(file).map((row) => ({ row, promptKey, answerKey })));
for (let i = 0; i < NEAR_COPIES; i++) {
  const { row, promptKey, answerKey } = seen.splice(rnd.int(0, seen.length - 1), 1)[0];
  const copy = nearCopy(row, promptKey, answerKey);
  // The simulator numbers every row it writes; near copies land anywhere in its output.
  rows.splice(rnd.int(0, rows.length), 0, { scenario_id: "", axes: simulatorAxes(rnd), ...copy });
}
rows.forEach((row, i) => (row.scenario_id = `sim-${String(i + 1).padStart(4, "0")}`));

writeFileSync(new URL("simulated-support.jsonl", import.meta.url), rows.map((row) => JSON.stringify(row)).join("\n") + "\n");
console.log(`simulated-support.jsonl: ${rows.length} rows (${NEW_SCENARIOS} new scenarios, ${NEAR_COPIES} near copies of example prompts)`);
