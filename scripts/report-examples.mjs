// `pnpm start`: load every example trace file, then print one trace report over all of them,
// aimed at the tools the traces themselves show, and what each file contributed.
import { readdirSync } from "node:fs";
import { formatTraceReport, inferHarness, loadTracesFile, traceReport } from "../packages/traces/dist/node/index.js";

const examples = new URL("../examples/", import.meta.url);

// This file's label is a rubric judge's mean in `score`, not a 0/1 `reward`: name the column and
// set the bar, or every row reads as ungraded.
const LABELS = { "graded-by-score.jsonl": { rewardKey: "score", threshold: 0.5 } };

const rows = [];
const perFile = [];
for (const name of readdirSync(examples).filter((file) => file.endsWith(".jsonl")).sort()) {
  const labels = LABELS[name];
  const loaded = await loadTracesFile(new URL(name, examples), { ...labels, onInvalid: "skip" });
  const dropped = loaded.dropped.not_object + loaded.dropped.no_signal;
  const invalid = loaded.invalid_lines.count;
  rows.push(...loaded.rows);
  perFile.push(
    `  ${name.padEnd(26)}${String(loaded.rows.length + dropped + invalid).padStart(4)} rows read, ${dropped} dropped` +
      (invalid ? `, ${invalid} lines not JSON` : "") +
      (labels ? `  (read separately: label = ${labels.rewardKey} >= ${labels.threshold})` : ""),
  );
}

const { tools } = inferHarness(rows);
console.log(`Trace report over ${perFile.length} example files, aimed at the ${tools.length} tools the traces show\n`);
console.log(formatTraceReport(traceReport(rows, { tools })));
console.log("\nfiles (examples/):");
console.log(perFile.join("\n"));
