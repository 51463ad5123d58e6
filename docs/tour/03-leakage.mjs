// The leakage gate before training: which generated prompts are near copies of held-out ones.
import * as wai from "@whileai/simulations";
import { promptOf } from "@whileai/hash-embed";
import { scanLeakage } from "@whileai/hash-embed/node";

const traces = await wai.loadTraces("examples/support-canonical.jsonl");
const [holdout] = wai.splitPseudoProduction(traces, { fraction: 0.2, seed: 0 });
const generated = await wai.loadTraces("examples/generated/simulated-support.jsonl");

// Exact, on worker threads: cosine of the hash vectors >= 0.9, or the same text up to case and spacing.
const scan = await scanLeakage(generated, holdout, {
  onProgress: (p) => console.log(`  ${p.rowsDone} / ${p.rowsTotal} rows, ${p.pairsPerSecond.toFixed(0)} pairs/s, ETA ${p.etaSeconds?.toFixed(1) ?? "?"} s`),
});
const { n, n_leaky, max_similarity, leaky } = scan.report;
console.log(`${n_leaky} of ${n} generated rows leak (max similarity ${max_similarity.toFixed(3)}, ${scan.kernel} kernel)`);
const heldPrompts = holdout.map(promptOf).filter((prompt) => prompt !== ""); // `source` counts non-empty prompts
for (const { row, source, similarity } of leaky.slice(0, 2)) {
  console.log(`  ${similarity.toFixed(4)}  ${promptOf(generated[row])}\n       ~  ${heldPrompts[source]}`);
}

// The same decision in one call (synchronous, one thread): the rows to keep, and the report.
const [kept, report] = wai.dropLeakyRows(generated, holdout);
console.log(`dropLeakyRows: kept ${kept.length}, dropped ${report.n_dropped}`);
