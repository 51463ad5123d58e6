// The offline explorer (apps/web/dist) on a large JSON Lines trace file, in Debian's Chromium via
// playwright-core, opened through the file picker as a user would: total load time, the page's
// main thread while it loads (long tasks; input latency of a key or click sent every ~100 ms,
// from the event to the next frame), the page's JS heap and the renderer's peak RSS at the end,
// a cancel half-way through the read (how soon the file shown before is back), and the row count
// shown against the file's. Each size is measured in a fresh browser; sizes alternate by round.
//   npm run build && node bench/explorer-large-file.mjs          (SIZES_MB=50,500 ROUNDS=3 by default)
//   SIZES_MB=50 ROUNDS=1 node bench/explorer-large-file.mjs      (a quick look while iterating)
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, closeSync, openSync, writeSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { benchRows } from "./rows.mjs";

const DIST = fileURLToPath(new URL("../apps/web/dist/", import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SIZES_MB = (process.env.SIZES_MB ?? "50,500").split(",").map(Number);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
/** How often a key or click is sent while a file loads. */
const PROBE_MS = 100;
/** A load that has not finished by then is reported as not finished. */
const LOAD_LIMIT_MS = 20 * 60_000;
const MB = 1024 * 1024;

if (!existsSync(`${DIST}index.html`)) throw new Error(`no ${DIST}index.html: run npm run build first`);

// --- the files --------------------------------------------------------------------------------

/** A JSON Lines file of bench rows (bench/rows.mjs: four row shapes, 0.5% empty and dropped) of about `mb` MiB; its line count. */
function writeTraceFile(path, mb) {
  const fd = openSync(path, "w");
  let bytes = 0;
  let lines = 0;
  // Seeded blocks, so every run writes the same file; 20,000 rows is about 8 MB of text.
  for (let block = 0; bytes < mb * MB; block++) {
    const rows = benchRows(20_000, 7 + block);
    const parts = [];
    for (const row of rows) {
      if (bytes >= mb * MB) break;
      const line = `${JSON.stringify(row)}\n`;
      parts.push(line);
      bytes += Buffer.byteLength(line);
      lines++;
    }
    writeSync(fd, parts.join(""));
  }
  closeSync(fd);
  return lines;
}

// --- the page, served as a static host would ----------------------------------------------------

const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".wasm": "application/wasm", ".json": "application/json", ".svg": "image/svg+xml", ".png": "image/png" };

function serveDist() {
  const root = resolve(DIST);
  const server = createServer((req, res) => {
    const wanted = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const file = resolve(join(root, wanted.endsWith("/") ? `${wanted}index.html` : wanted));
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream", "Cache-Control": "no-store" });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok({ origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((done) => server.close(done)) })));
}

// --- the renderer's memory, from /proc -----------------------------------------------------------

/** This process's descendants that are Chromium renderers, with their current and peak RSS (MiB). */
function renderers() {
  const parent = new Map();
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      parent.set(Number(pid), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // the process ended while we looked
    }
  }
  const mine = (pid) => {
    for (let p = pid; p > 1; p = parent.get(p) ?? 0) if (p === process.pid) return true;
    return false;
  };
  const out = [];
  for (const pid of parent.keys()) {
    if (!mine(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--type=renderer")) continue;
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
      out.push({ pid, rss: kb("VmRSS"), peak: kb("VmHWM") });
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

// --- in the page: long tasks, input latency, phase times -----------------------------------------

/** Installed before the page's own scripts run; everything in the page's clock (performance.now()). */
function probes() {
  const probe = { longTasks: [], inputs: [], picked: null, readDone: null, cancelClicked: null, crashed: false };
  window.benchProbe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
  // Event to the next frame: how long a key press or click waits before the page can show its effect.
  const onInput = (event) => {
    const sent = event.timeStamp;
    requestAnimationFrame(() => probe.inputs.push({ sent, latency: performance.now() - sent, kind: event.type }));
  };
  addEventListener("keydown", onInput, true);
  addEventListener("pointerdown", onInput, true);
  addEventListener("change", (event) => event.target?.type === "file" && (probe.picked = performance.now()), true);
  addEventListener("click", (event) => event.target?.closest?.('[data-testid="trace-cancel-read"]') && (probe.cancelClicked = event.timeStamp), true);
  // When the progress bar first shows every byte read: the read is done, the analysis starts.
  new MutationObserver(() => {
    const bar = document.querySelector('[data-testid="trace-reading"] progress');
    if (probe.readDone === null && bar !== null && bar.max > 0 && bar.value >= bar.max) probe.readDone = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["value"] });
}

async function openExplorer(origin) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--enable-precise-memory-info"],
  });
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  let crashed = false;
  page.on("crash", () => (crashed = true));
  await page.addInitScript(probes);
  await page.goto(`${origin}/`);
  const cdp = await page.context().newCDPSession(page);
  return { browser, page, errors, crashed: () => crashed, cdp };
}

/** Sends a key press or a click every PROBE_MS until `stop()`; the page records each one's latency. */
function probeInputs(page) {
  let running = true;
  const loop = (async () => {
    for (let n = 0; running; n++) {
      // Shift does nothing on the page; the click lands on the page's title.
      await (n % 2 === 0 ? page.keyboard.press("Shift") : page.mouse.click(40, 20)).catch(() => {});
      await new Promise((ok) => setTimeout(ok, PROBE_MS));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

const summaryText = (page) => page.evaluate(() => document.querySelector('[data-testid="file-summary"]')?.textContent ?? null);
const rowsShown = (text) => (text === null ? null : Number(/([\d,]+) rows? read/.exec(text)?.[1].replaceAll(",", "") ?? Number.NaN));
const quantile = (sorted, q) => (sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);

/** What the page did between `from` and `to` (page clock). */
async function mainThread(page, from, to) {
  const { longTasks, inputs } = await page.evaluate(() => window.benchProbe);
  const tasks = longTasks.filter((t) => t.start + t.duration >= from && t.start <= to).map((t) => t.duration);
  const latencies = inputs.filter((i) => i.sent >= from && i.sent <= to).map((i) => i.latency).sort((a, b) => a - b);
  return {
    longTasks: tasks.length,
    longestTask: tasks.length === 0 ? 0 : Math.max(...tasks),
    longTaskTotal: tasks.reduce((s, d) => s + d, 0),
    inputs: latencies.length,
    inputMedian: quantile(latencies, 0.5),
    inputP95: quantile(latencies, 0.95),
    inputMax: latencies.length === 0 ? Number.NaN : latencies[latencies.length - 1],
  };
}

/** One full load of `file` through the picker in a fresh browser. */
async function measureLoad(origin, file) {
  const explorer = await openExplorer(origin);
  const { page, cdp } = explorer;
  const name = file.path.slice(file.path.lastIndexOf("/") + 1);
  try {
    const rssPeak = { value: 0 };
    const sampler = setInterval(() => (rssPeak.value = Math.max(rssPeak.value, ...renderers().map((r) => r.rss))), 500);
    const stop = probeInputs(page);
    await page.getByTestId("trace-file").setInputFiles(file.path);
    const finished = await Promise.race([
      page
        .waitForFunction((n) => document.querySelector('[data-testid="file-summary"] strong')?.textContent === n || document.querySelector('[data-testid="load-error"]') !== null, name, { timeout: LOAD_LIMIT_MS, polling: 100 })
        .then(() => page.evaluate(() => performance.now()))
        .catch((e) => ({ failed: String(e.message ?? e).split("\n")[0] })),
      new Promise((ok) => page.once("crash", () => ok({ failed: "the renderer crashed" }))),
    ]);
    await stop();
    clearInterval(sampler);
    if (typeof finished !== "number") return { ...file, failed: finished.failed, rendererPeakMiB: Math.max(rssPeak.value, ...renderers().map((r) => r.peak)), errors: explorer.errors };
    const probe = await page.evaluate(() => ({ picked: window.benchProbe.picked, readDone: window.benchProbe.readDone }));
    const text = await summaryText(page);
    const error = await page.evaluate(() => document.querySelector('[data-testid="load-error"]')?.textContent ?? null);
    const tabs = error === null ? await openTabs(page) : {};
    const heap = await cdp.send("Runtime.getHeapUsage");
    return {
      tabs,
      ...file,
      loadMs: finished - probe.picked,
      readMs: probe.readDone === null ? Number.NaN : probe.readDone - probe.picked,
      ...(await mainThread(page, probe.picked, finished)),
      pageHeapMiB: heap.usedSize / MB,
      rendererPeakMiB: Math.max(rssPeak.value, ...renderers().map((r) => r.peak)),
      rowsShown: rowsShown(text),
      summary: text,
      error,
      errors: explorer.errors,
    };
  } finally {
    await explorer.browser.close();
  }
}

/** The tabs a user opens once the file is shown, in this order (the report is shown first). */
const TABS = ["rows", "conversations", "cost", "split", "report"];

/**
 * Each tab clicked in turn, with inputs probed meanwhile: from the click until the tab shows its
 * answer (nothing in it still pending), and the page's main thread in that time.
 */
async function openTabs(page) {
  const out = {};
  for (const tab of TABS) {
    const stop = probeInputs(page);
    const from = await page.evaluate(() => performance.now());
    await page.locator(`[data-tab="${tab}"]`).click();
    const shown = await page
      .waitForFunction(
        (id) => {
          const panel = document.getElementById(`panel-${id}`);
          return panel !== null && panel.querySelector('[aria-busy="true"], [role="status"][data-testid$="-pending"]') === null && performance.now();
        },
        tab,
        { timeout: LOAD_LIMIT_MS, polling: 50 },
      )
      .then((h) => h.jsonValue());
    await stop();
    out[tab] = { shownMs: shown - from, ...(await mainThread(page, from, shown)) };
  }
  return out;
}

/** A small file loaded first, then `file` cancelled once half of it is read: how soon the small file is back. */
async function measureCancel(origin, file, before) {
  const explorer = await openExplorer(origin);
  const { page } = explorer;
  try {
    await page.getByTestId("trace-file").setInputFiles(before.path);
    await page.waitForFunction(() => document.querySelector('[data-testid="file-summary"] strong')?.textContent === "before.jsonl", null, { timeout: 60_000 });
    const shownBefore = await summaryText(page);
    const stop = probeInputs(page);
    await page.getByTestId("trace-file").setInputFiles(file.path);
    await page.waitForFunction(() => {
      const bar = document.querySelector('[data-testid="trace-reading"] progress');
      return bar !== null && bar.max > 0 && bar.value >= bar.max / 2;
    }, null, { timeout: LOAD_LIMIT_MS, polling: 50 });
    await page.getByTestId("trace-cancel-read").click();
    const back = await page.waitForFunction(() => document.querySelector('[data-testid="trace-reading"]') === null && performance.now(), null, { timeout: 60_000, polling: "raf" }).then((h) => h.jsonValue());
    await stop();
    const { cancelClicked, picked } = await page.evaluate(() => window.benchProbe);
    const shownAfter = await summaryText(page);
    const errorShown = await page.evaluate(() => document.querySelector('[data-testid="load-error"]') !== null);
    return {
      mb: file.mb,
      cancelMs: back - cancelClicked,
      ...(await mainThread(page, picked, back)),
      previousKept: shownAfter === shownBefore && !errorShown,
      errors: explorer.errors,
    };
  } finally {
    await explorer.browser.close();
  }
}

// --- the run -------------------------------------------------------------------------------------

const dir = mkdtempSync(join(tmpdir(), "explorer-large-"));
const load = [];
const sampleLoad = setInterval(() => load.push(loadavg()[0]), 5_000);
try {
  const files = SIZES_MB.map((mb) => {
    const path = join(dir, `traces-${mb}mb.jsonl`);
    const t0 = performance.now();
    const lines = writeTraceFile(path, mb);
    console.log(`wrote ${path}: ${(statSync(path).size / MB).toFixed(1)} MiB, ${lines.toLocaleString("en-US")} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return { mb, path, bytes: statSync(path).size, lines };
  });
  const before = { path: join(dir, "before.jsonl") };
  writeFileSync(before.path, `${benchRows(200, 1).map((r) => JSON.stringify(r)).join("\n")}\n`);

  const server = await serveDist();
  const loads = new Map(files.map((f) => [f.mb, []]));
  const cancels = new Map(files.map((f) => [f.mb, []]));
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // Alternated: each round starts with the next size, so load from others falls on every size alike.
      for (let k = 0; k < files.length; k++) {
        const file = files[(round + k) % files.length];
        const result = await measureLoad(server.origin, file);
        loads.get(file.mb).push(result);
        console.log(`round ${round + 1} ${file.mb} MiB load:`, JSON.stringify({ ...result, path: undefined }));
        const cancel = await measureCancel(server.origin, file, before);
        cancels.get(file.mb).push(cancel);
        console.log(`round ${round + 1} ${file.mb} MiB cancel:`, JSON.stringify(cancel));
      }
    }
  } finally {
    await server.close();
  }
  clearInterval(sampleLoad);
  writeResults(files, loads, cancels);
} finally {
  clearInterval(sampleLoad);
  rmSync(dir, { recursive: true, force: true });
}

function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function writeResults(files, loads, cancels) {
  const fmt = (x, digits = 0) => (Number.isFinite(x) ? x.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }) : "–");
  const chromium = (() => {
    try {
      return readFileSync("/usr/lib/chromium/chromium", { encoding: "latin1" }).match(/Chrome\/(\d+\.\d+\.\d+\.\d+)/)?.[1] ?? "?";
    } catch {
      return "?";
    }
  })();
  const lines = [
    "## The explorer on large JSON Lines files",
    "",
    `Chromium ${chromium} headless (Debian's, via playwright-core), ${cpus().length} x ${cpus()[0]?.model.trim()}, Node ${process.version};`,
    `median of ${ROUNDS} alternated rounds, each load in a fresh browser; load average (1 min) during the run: median ${fmt(median(load), 1)}, max ${fmt(Math.max(...load), 1)}.`,
    "Files: bench/rows.mjs rows (40% canonical, 25% `tool_trace`, 20% OpenAI, 14.5% Anthropic, 0.5% empty and dropped), opened through the file picker.",
    `Input latency: a key press or click every ${PROBE_MS} ms while the file loads, from the event's timestamp to the next animation frame.`,
    "",
    "| file | rows | load s | read s | MB/s | long tasks | longest ms | long-task total ms | inputs | input median ms | p95 ms | max ms | page heap MiB | renderer peak RSS MiB | rows shown = rows |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const file of files) {
    const runs = loads.get(file.mb);
    const ok = runs.filter((r) => r.failed === undefined);
    const m = (key) => median(ok.map((r) => r[key]));
    const counts = runs.map((r) => (r.failed !== undefined ? `failed: ${r.failed}` : r.rowsShown === file.lines ? "yes" : `no (${r.rowsShown ?? r.error})`));
    lines.push(
      `| ${fmt(file.bytes / MB, 0)} MiB | ${fmt(file.lines)} | ${fmt(m("loadMs") / 1000, 1)} | ${fmt(m("readMs") / 1000, 1)} | ${fmt(file.bytes / MB / (m("loadMs") / 1000), 1)} | ${fmt(m("longTasks"))} | ${fmt(m("longestTask"))} | ${fmt(m("longTaskTotal"))} | ${fmt(m("inputs"))} | ${fmt(m("inputMedian"), 1)} | ${fmt(m("inputP95"), 1)} | ${fmt(m("inputMax"), 1)} | ${fmt(m("pageHeapMiB"))} | ${fmt(median(runs.map((r) => r.rendererPeakMiB)))} | ${[...new Set(counts)].join("; ")} |`,
    );
  }
  lines.push(
    "",
    `Each tab opened once the file is shown, in turn (${TABS.join(", ")}), a key or click every ${PROBE_MS} ms meanwhile: click to the tab's answers on screen, and the longest main-thread task in that time.`,
    "",
    `| file | ${TABS.map((t) => `${t}: shown ms / longest task ms`).join(" | ")} | input p95 ms (all tabs) |`,
    `|---|${TABS.map(() => "---:").join("|")}|---:|`,
  );
  for (const file of files) {
    const ok = loads.get(file.mb).filter((r) => r.failed === undefined && r.tabs !== undefined && r.tabs.rows !== undefined);
    const cell = (tab) => `${fmt(median(ok.map((r) => r.tabs[tab].shownMs)))} / ${fmt(median(ok.map((r) => r.tabs[tab].longestTask)))}`;
    lines.push(`| ${fmt(file.bytes / MB, 0)} MiB | ${TABS.map(cell).join(" | ")} | ${fmt(median(ok.map((r) => Math.max(...TABS.map((t) => r.tabs[t].inputP95)))), 1)} |`);
  }
  lines.push("", "Cancel once half of the file is read (a 200-row file shown before):", "", "| file | cancel to page back, ms | long tasks | longest ms | input p95 ms | input max ms | file before still shown |", "|---|---:|---:|---:|---:|---:|---|");
  for (const file of files) {
    const runs = cancels.get(file.mb);
    const m = (key) => median(runs.map((r) => r[key]));
    lines.push(`| ${fmt(file.bytes / MB, 0)} MiB | ${fmt(m("cancelMs"), 1)} | ${fmt(m("longTasks"))} | ${fmt(m("longestTask"))} | ${fmt(m("inputP95"), 1)} | ${fmt(m("inputMax"), 1)} | ${runs.every((r) => r.previousKept) ? "yes" : "no"} |`);
  }
  const [small, large] = files;
  if (small !== undefined && large !== undefined) {
    const perMb = (f) => median(loads.get(f.mb).filter((r) => r.failed === undefined).map((r) => r.loadMs)) / (f.bytes / MB);
    lines.push("", `Load time per MiB, ${fmt(large.bytes / MB)} MiB over ${fmt(small.bytes / MB)} MiB: ${fmt(perMb(large) / perMb(small), 2)}x.`);
  }
  const errors = [...loads.values(), ...cancels.values()].flat().flatMap((r) => r.errors);
  if (errors.length > 0) lines.push("", `Page errors: ${[...new Set(errors)].join("; ")}`);
  mkdirSync(fileURLToPath(new URL("./results/", import.meta.url)), { recursive: true });
  const out = fileURLToPath(new URL("./results/explorer-large-file.md", import.meta.url));
  writeFileSync(out, `${lines.join("\n")}\n`);
  console.log(`\n${lines.join("\n")}\n\nwritten to ${out}`);
}
