// `pnpm start`: the whole pipeline on the bundled examples with the embedded defaults. A local
// platform server in a temporary directory; the JSONL traces and OpenTelemetry captures read into
// rows; the trace report; a task-disjoint holdout; the leakage gate on everything headed for
// training (a simulator's output, examples/generated/, and the traces left after the split);
// train and holdout pushed to the local platform, pulled back and compared; timings per stage.
// Exits 1, naming the stage, when anything fails or a pulled dataset differs from what was pushed.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { promptOf } from "@whileai/hash-embed";
import { lossPhrases, readTracesFile } from "@whileai/ingest/node";
import { createNodeRuntime, setPlatformRuntime } from "@whileai/platform/node";
import * as wai from "@whileai/simulations";
import { loadTracesFile } from "@whileai/traces/node";
import { createPlatformServer } from "@whileai/platform-server";

const EXAMPLES = new URL("../examples/", import.meta.url);
const GENERATED = new URL("generated/", EXAMPLES);
const OTEL = new URL("otel/", EXAMPLES);
const CAPTURES = new URL("captures/", EXAMPLES);
// This file's label is a rubric judge's mean in `score`, not a 0/1 `reward`: name the column and
// set the bar, or every row reads as ungraded. The other files go to the report as read.
const LABELS = { "graded-by-score.jsonl": { rewardKey: "score", threshold: 0.5 } };
// One example set is read as a dataset on the Hugging Face Hub is stored: Parquet (written by
// DuckDB from the JSON Lines file, see examples/tabular/README.md), in place of its JSON Lines.
const AS_PARQUET = { "support-canonical.jsonl": "tabular/support-canonical.parquet" };
const SPLIT = { fraction: 0.2, seed: 3 };
// Small download parts, so pulling back reassembles several parts in order as a large dataset would.
const PART_BYTES = 32 * 1024;
const WIDTH = 100;

const timings = [];
let current = "start";

/** Runs one stage, recording its wall time under `name`. */
async function stage(name, run) {
  current = name;
  const started = performance.now();
  try {
    return await run();
  } finally {
    timings.push([name, performance.now() - started]);
  }
}

const pad = (value, width) => String(value).padEnd(width);
const num = (value, width) => String(value).padStart(width);
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const clip = (text, width) => (text.length > width ? text.slice(0, width - 1) + "…" : text);
const quoted = (text, width = WIDTH - 14) => JSON.stringify(clip(text, width));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const heading = (title) => console.log(`\n${title}`);
const listing = (dir, suffix) => readdirSync(dir).filter((name) => name.endsWith(suffix)).sort();

/**
 * Every example trace file through the front door, whatever its format (told by content): row
 * and message JSON Lines (one set from Parquet) as read (the report's label census sees the raw columns; the labelled
 * file is loaded with its options), OpenTelemetry captures and the real-emitter captures of
 * examples/captures/ assembled into rows. Some captures hold the same run in another encoding
 * (protobuf, gzipped JSON Lines): a conversation already read with identical content counts once.
 */
async function readExampleTraces(traces, lines) {
  const files = [
    ...listing(EXAMPLES, ".jsonl").map((file) => AS_PARQUET[file] ?? file),
    ...listing(OTEL, "").filter((file) => file.includes(".otlp.")).map((file) => `otel/${file}`),
    ...listing(CAPTURES, "").filter((file) => !file.endsWith(".md")).map((file) => `captures/${file}`),
  ];
  const seen = new Map();
  for (const name of files) {
    const labels = LABELS[name];
    const { rows, report } = await readTracesFile(fileURLToPath(new URL(name, EXAMPLES)), labels ?? { raw: true });
    const repeats = new Set();
    let fresh = 0;
    for (const row of rows) {
      const id = row.conversation_id;
      const earlier = id === undefined ? undefined : seen.get(id);
      if (earlier && isDeepStrictEqual(earlier.row, row)) {
        repeats.add(earlier.file);
        continue;
      }
      if (!earlier && id !== undefined) seen.set(id, { row, file: name });
      traces.push(row);
      fresh++;
    }
    const notes = [
      `${report.format}${report.gzip ? " (gzip)" : ""}`,
      labels ? `label = ${labels.rewardKey} >= ${labels.threshold}` : "",
      repeats.size ? `the conversation of ${[...repeats].join(", ")} again, counted once` : "",
      ...lossPhrases(report),
    ];
    lines.push([name, fresh, notes.filter(Boolean).join("; ")]);
  }
}

/** The leakage gate on one set of training candidates: kept rows, report, and the dropped pairs listed. */
function gate(label, candidates, holdout, heldPrompts) {
  const [kept, report] = wai.dropLeakyRows(candidates, holdout, { examples: candidates.length });
  const pairs = report.leaky.map(({ row, source, similarity }) => ({ generated: promptOf(candidates[row]), held: heldPrompts[source], similarity }));
  return { label, n: candidates.length, kept, report, pairs };
}

function printDropped(gated, shown) {
  if (!gated.pairs.length) return;
  const more = gated.pairs.length > shown ? ` (${shown} of ${gated.pairs.length} shown)` : "";
  console.log(`  dropped from ${gated.label}${more}:`);
  for (const { generated, held, similarity } of gated.pairs.slice(0, shown)) {
    console.log(`    ${similarity.toFixed(4)}  ${quoted(generated)}`);
    console.log(`         ~  held out: ${quoted(held)}`);
  }
}

/** Pulls a dataset back and compares it row by row with what was pushed; throws on the first difference. */
async function pullAndVerify(dataset, pushed, apiKey) {
  let parts = 0;
  const pulled = await wai.pull(dataset.datasetId, null, { apiKey, onProgress: () => parts++ });
  if (pulled.length !== pushed.length) {
    throw new Error(`${dataset.name}: pulled ${pulled.length} rows, pushed ${pushed.length}`);
  }
  const bad = pulled.findIndex((row, i) => !isDeepStrictEqual(row, pushed[i]));
  if (bad !== -1) {
    throw new Error(`${dataset.name}: row ${bad} differs after the round trip\n  pushed ${clip(JSON.stringify(pushed[bad]), 300)}\n  pulled ${clip(JSON.stringify(pulled[bad]), 300)}`);
  }
  return { rows: pulled.length, parts };
}

async function main() {
  const started = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), "whileai-main-job-"));
  let server = null;
  try {
    console.log("whileai main job: the bundled examples, end to end");

    const apiKey = `wai_local_${randomBytes(18).toString("base64url")}`;
    server = await stage("start the local platform", async () => {
      const started = await createPlatformServer({ dataDir, host: "127.0.0.1", port: 0, signingKey: randomBytes(32).toString("base64url"), partBytes: PART_BYTES });
      await started.ensureAccountKey("examples", apiKey);
      // Only this server and this scratch directory: the user's own WHILEAI_* settings stay out of it.
      setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: started.url, WHILEAI_HOME: dataDir } }));
      return started;
    });
    console.log(`\nlocal platform   ${server.url}, data in ${dataDir} (removed at the end)`);

    const traces = [];
    const files = [];
    await stage("read traces", async () => {
      await readExampleTraces(traces, files);
    });
    heading("traces read (examples/)");
    const width = Math.max(...files.map(([name]) => name.length)) + 2;
    for (const [name, rows, note] of files) console.log(`  ${pad(name, width)}${num(rows, 4)} ${pad(rows === 1 ? "row" : "rows", 4)}  ${note}`.trimEnd());
    console.log(`  ${pad("total", width)}${num(traces.length, 4)} rows`);

    const { loaded, tools, report } = await stage("trace report", () => {
      const loaded = wai.loadTraces(traces);
      const { tools } = wai.inferHarness(loaded);
      return { loaded, tools, report: wai.traceReport(traces, { tools }) };
    });
    heading(`trace report, aimed at the ${plural(tools.length, "tool")} the traces show`);
    console.log(wai.formatTraceReport(report));

    const [holdout, remainder] = await stage("split a holdout", () => wai.splitPseudoProduction(loaded, SPLIT));
    const heldPrompts = holdout.map(promptOf).filter((prompt) => prompt !== "");
    heading(`holdout: splitPseudoProduction, fraction ${SPLIT.fraction}, seed ${SPLIT.seed} (whole tasks; every distinct flaw held first)`);
    console.log(`  holdout     ${num(holdout.length, 4)} rows`);
    console.log(`  remainder   ${num(remainder.length, 4)} rows   (no task on both sides)`);

    const { generatedDropped, gated } = await stage("leakage gate", async () => {
      const generated = [];
      let generatedDropped = 0;
      for (const name of listing(GENERATED, ".jsonl")) {
        const file = await loadTracesFile(new URL(name, GENERATED));
        generated.push(...file.rows);
        generatedDropped += file.dropped.not_object + file.dropped.no_signal;
      }
      return {
        generatedDropped,
        gated: [gate("the generated set", generated, holdout, heldPrompts), gate("the remainder traces", remainder, holdout, heldPrompts)],
      };
    });
    const threshold = gated[0].report.threshold;
    heading(`leakage gate: training candidates against ${heldPrompts.length} held-out prompts (cosine >= ${threshold}, or the same text)`);
    const sources = ["generated/*.jsonl (a simulator's output)", "remainder traces"];
    for (const [i, g] of gated.entries()) console.log(`  ${pad(sources[i], 42)}${num(g.n, 4)} rows  ${num(g.report.n_dropped, 4)} dropped  ${num(g.kept.length, 4)} kept`);
    if (generatedDropped) console.log(`  (${plural(generatedDropped, "generated row")} were not loaded: not an object, or no prompt, steps or answer)`);
    printDropped(gated[0], gated[0].pairs.length);
    printDropped(gated[1], 3);

    const train = [...gated[1].kept, ...gated[0].kept];
    const pushed = await stage("push", async () => {
      const description = "pnpm start: the bundled example traces";
      const trainReply = await wai.pushRows(train, "examples-train", { apiKey, purpose: "train", description });
      const holdoutReply = await wai.pushRows(holdout, "examples-holdout", { apiKey, purpose: "holdout", parent: trainReply.datasetId, description });
      // What the platform now lists: its own row counts, from the stored bytes.
      const { datasets } = await wai.datasets({ apiKey });
      const byId = new Map(datasets.map((d) => [d.datasetId, d]));
      return [[byId.get(trainReply.datasetId), train], [byId.get(holdoutReply.datasetId), holdout]];
    });
    heading("pushed to the local platform (pushRows)");
    for (const [dataset, rows] of pushed) {
      if (!dataset) throw new Error("a pushed dataset is missing from the platform's listing");
      const parent = dataset.parentDatasetId ? `, parent ${dataset.parentDatasetId}` : "";
      console.log(`  ${pad(dataset.name, 18)}${num(dataset.rows, 4)} rows  ${num(kb(dataset.sizeBytes), 9)}   ${dataset.datasetId} (${dataset.purpose}${parent})`);
      if (dataset.rows !== rows.length) throw new Error(`${dataset.name}: the platform counted ${dataset.rows} rows, ${rows.length} were pushed`);
    }

    const verified = await stage("pull and verify", async () => {
      const out = [];
      for (const [dataset, rows] of pushed) out.push([dataset, await pullAndVerify(dataset, rows, apiKey)]);
      return out;
    });
    heading("pulled back (pull) and compared row by row");
    for (const [dataset, { rows, parts }] of verified) console.log(`  ${pad(dataset.name, 18)}${num(rows, 4)} rows in ${plural(parts, "part")}, identical to what was pushed`);

    heading("summary");
    for (const [name, ms] of timings) console.log(`  ${pad(name, 26)}${num(ms.toFixed(0), 6)} ms`);
    console.log(`  ${pad("total", 26)}${num((performance.now() - started).toFixed(0), 6)} ms`);
    const generatedKept = gated[0].kept.length;
    console.log(`  train ${train.length} rows (${gated[1].kept.length} traces + ${generatedKept} generated), holdout ${holdout.length} rows: pushed, pulled back identical`);
  } finally {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  console.error(`\nmain job failed during "${current}": ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
