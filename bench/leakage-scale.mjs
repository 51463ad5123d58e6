// The leakage scan at scale: N held-out prompts x N generated prompts through scanLeakage of
// @whileai/hash-embed/node, for each kernel and thread count asked for. Reports the time to
// embed the sources, the scan time and pairs/s of the scan (generated prompts embedded on the
// workers, included), and the peak RSS of the process.
//   pnpm bench:scale --size 100000 --threads 1,2 --kernels wasm   (builds first)
//   node bench/leakage-scale.mjs --size 100000 --threads 1,2 --kernels wasm
//   node bench/leakage-scale.mjs --size 1000000 --threads 2          (the 1M x 1M run)
// A kernel too slow for the size (ts, naive) can scan a slice of the generated rows:
//   node bench/leakage-scale.mjs --size 100000 --kernels ts --rows 2000
import { writeFileSync, mkdirSync } from "node:fs";
import { cpus } from "node:os";
import { parseArgs } from "node:util";
import { scanLeakage } from "@whileai/hash-embed/node";
import { generatedPrompts, sourcePrompts } from "./prompts.mjs";

const { values } = parseArgs({
  options: {
    size: { type: "string", default: "100000" },
    threads: { type: "string", default: "1,2" },
    kernels: { type: "string", default: "wasm" },
    rows: { type: "string" },
    runs: { type: "string", default: "1" },
  },
});
const size = Number(values.size);
const rows = values.rows === undefined ? size : Number(values.rows);
const fmt = (x, digits = 0) => x.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

const t0 = performance.now();
const sources = sourcePrompts(size);
const generated = generatedPrompts(size, sources).slice(0, rows);
console.log(`${fmt(size)} sources, ${fmt(rows)} generated prompts made in ${fmt((performance.now() - t0) / 1000, 1)} s`);

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
const lines = [];
for (const kernel of values.kernels.split(",")) {
  for (const threads of values.threads.split(",").map(Number)) {
    const runs = [];
    peakRss = 0;
    for (let r = 0; r < Number(values.runs); r++) {
      let last = 0;
      const result = await scanLeakage(generated, sources, {
        kernel,
        threads,
        onProgress: (p) => {
          if (p.elapsedSeconds - last >= 30) {
            last = p.elapsedSeconds;
            console.log(`  ${kernel} x${threads}: ${fmt(p.rowsDone)} rows, ${fmt(p.pairsPerSecond / 1e6, 1)} M pairs/s, ETA ${fmt(p.etaSeconds ?? 0)} s`);
          }
        },
      });
      runs.push(result);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }
    const median = (pick) => runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
    const scan = median((r) => r.timings.scanSeconds);
    const embed = median((r) => r.timings.sourcesSeconds);
    const pairs = rows * runs[0].report.n_sources;
    const line = `| ${kernel} | ${threads} | ${fmt(size)} x ${fmt(rows)} | ${fmt(embed, 1)} | ${fmt(scan, 1)} | ${fmt(pairs / scan / 1e6, 1)} M | ${fmt(runs[0].report.n_leaky)} | ${fmt(peakRss / 2 ** 20)} |`;
    console.log(line);
    lines.push(line);
  }
}
clearInterval(sampler);

const table = [
  `## Leakage scan at ${fmt(size)} x ${fmt(rows)}`,
  "",
  `Node ${process.version}, ${cpus().length} x ${cpus()[0]?.model.trim() ?? "unknown CPU"}; median of ${values.runs} run(s). Prompts from bench/prompts.mjs (seeded).`,
  "",
  "| kernel | threads | sources x generated | embed sources, s | scan, s | pairs/s (scan) | leaky rows | peak RSS, MiB |",
  "|---|---:|---|---:|---:|---:|---:|---:|",
  ...lines,
  "",
].join("\n");
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(new URL(`./results/leakage-scale-${size}.md`, import.meta.url), table);
console.log(`\n${table}`);
