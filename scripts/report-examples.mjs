// `pnpm start`: read every example trace file and print one trace report over all of them, aimed
// at the tools the traces themselves show, then what each file contributed.
import { readdirSync } from "node:fs";
import { formatTraceReport, inferHarness, loadTraces, loadTracesFile, readJsonl, traceReport } from "../packages/traces/dist/node/index.js";

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

const { tools } = inferHarness(loadTraces(traces));
console.log(`Trace report over ${perFile.length} example files, aimed at the ${tools.length} tools the traces show\n`);
console.log(formatTraceReport(traceReport(traces, { tools })));
console.log("\nfiles (examples/):");
console.log(perFile.join("\n"));
