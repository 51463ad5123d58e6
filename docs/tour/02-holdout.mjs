// A task-disjoint holdout: each distinct failure is held out first, then a seeded fill up to the fraction.
import * as wai from "@whileai/simulations";

const rows = await wai.loadTraces("examples/support-canonical.jsonl");
const [holdout, train] = wai.splitPseudoProduction(rows, { fraction: 0.2, seed: 0 });
console.log(`holdout ${holdout.length} rows, train ${train.length} rows`);
console.log(`flawed rows: ${wai.flawRows(holdout).length} held out, ${wai.flawRows(train).length} left in train`);

// A task is scenario_id, else task_id, else the prompt; none lands on both sides.
const task = (row) => row.scenario_id || row.task_id || row.prompt;
const held = new Set(holdout.map(task));
console.log(`train rows whose task is held out: ${train.filter((row) => held.has(task(row))).length}`);
