// `pnpm start`: read every example trace file and print one trace report over all of them, aimed
// at the tools the traces themselves show, then what each file contributed, then a leakage check
// of a task-disjoint holdout against the rest.
import { readdirSync } from "node:fs";
import { promptOf, scanLeakage } from "../packages/hash-embed/dist/node/index.js";
import { formatTraceReport, inferHarness, loadTraces, loadTracesFile, readJsonl, splitPseudoProduction, traceReport } from "../packages/traces/dist/node/index.js";

const examples = new URL("../examples/", import.meta.url);

// This file's label is a rubric judge's mean in `score`, not a 0/1 `reward`: name the column and
// set the bar, or every row reads as ungraded. It is loaded with its own options; the others go to
// traceReport as read, so its label census sees the labels exactly as the files hold them.
const LABELS = { "graded-by-score.jsonl": { rewardKey: "score", threshold: 0.5 } };

const traces = [];
const perFile = [];
for (const name of readdirSync(examples).filter((file) => file.endsWith(".jsonl")).sort()) {
  const url = new URL(name, examples);
  const labels = LABELS[name];
  let read;
  let note = "";
  if (labels) {
    const loaded = await loadTracesFile(url, labels);
    read = loaded.rows.length + loaded.dropped.not_object + loaded.dropped.no_signal;
    traces.push(...loaded.rows);
    note = `  (loaded with label = ${labels.rewardKey} >= ${labels.threshold})`;
  } else {
    read = 0;
    for await (const row of readJsonl(url)) {
      traces.push(row);
      read++;
    }
  }
  perFile.push(`  ${name.padEnd(26)}${String(read).padStart(4)} rows${note}`);
}

const loaded = loadTraces(traces);
const { tools } = inferHarness(loaded);
console.log(`Trace report over ${perFile.length} example files, aimed at the ${tools.length} tools the traces show\n`);
console.log(formatTraceReport(traceReport(traces, { tools })));
console.log("\nfiles (examples/):");
console.log(perFile.join("\n"));

// Hold out a task-disjoint fifth, as a train/eval split would, and look for training prompts that
// still nearly copy a held-out one (same template, other numbers or names).
const [holdout, train] = splitPseudoProduction(loaded, { fraction: 0.2, seed: 3 });
const scan = await scanLeakage(train, holdout, { threads: 1 });
const { report } = scan;
// A source index counts the non-empty held-out prompts only, as in Python.
const heldPrompts = holdout.map(promptOf).filter((prompt) => prompt !== "");
console.log(`\nleakage check: ${report.n} training rows against ${report.n_sources} held-out prompts (splitPseudoProduction, fraction 0.2; tasks with a flaw seen nowhere else are held first)`);
console.log(`  ${report.n_leaky} near copies at cosine >= ${report.threshold} (max similarity ${report.max_similarity.toFixed(4)}), ${scan.kernel} kernel, ${(scan.timings.scanSeconds * 1000).toFixed(1)} ms`);
for (const { row, source, similarity } of report.leaky.slice(0, 3)) {
  console.log(`  ${JSON.stringify(promptOf(train[row]))}  ~  ${JSON.stringify(heldPrompts[source])}  (${similarity})`);
}
