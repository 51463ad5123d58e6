// The leakage scan in the page's Web Worker against `scanLeakage` in Node on the same files:
// same flags, same nearest source and similarity for every row, with either kernel; and a long
// scan shows progress and stops on cancel.
import { readFileSync } from "node:fs";
import { scanLeakage, type LeakageScan } from "@whileai/hash-embed";
import { loadTraces, splitPseudoProduction } from "@whileai/traces/node";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ARTIFACTS, EXAMPLES_DIR, foreignRequests, openExplorer, type Explorer } from "./support/browser.js";
import { rawRows } from "./support/reference.js";

interface RowResult {
  row: number;
  prompt: string;
  leaky: boolean;
  source: number | null;
  source_prompt: string | null;
  similarity: number;
}

const GENERATED = "support-canonical.jsonl";
const SOURCES = "openai-messages.jsonl";

let explorer: Explorer;
beforeAll(async () => {
  explorer = await openExplorer();
  await explorer.page.locator('[data-tab="leakage"]').click();
});
afterAll(async () => {
  await explorer?.close();
});

async function runScan(page: Page, kernel: "auto" | "wasm" | "ts"): Promise<RowResult[]> {
  await page.getByTestId("kernel").selectOption(kernel);
  await page.getByTestId("scan-start").click();
  return scanResult(page);
}

/** Every row's result of the scan on the page, once it is done, from its download. */
async function scanResult(page: Page): Promise<RowResult[]> {
  await page.getByTestId("scan-result").waitFor({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("scan-download").click()]);
  const text = readFileSync(await download.path(), "utf8");
  return text.trim().split("\n").map((line) => JSON.parse(line) as RowResult);
}

/** The page's per-row results must be Node's, exactly (similarities are doubles, JSON keeps them). */
function expectSameAsNode(rows: RowResult[], scan: LeakageScan, prompts: string[]) {
  expect(rows.length).toBe(scan.flags.length);
  rows.forEach((r, i) => {
    expect(r.row).toBe(i);
    expect(r.prompt).toBe(prompts[i]);
    expect(r.leaky, `row ${i}`).toBe(scan.flags[i] === 1);
    expect(r.source, `row ${i}`).toBe(scan.sources[i] < 0 ? null : scan.sources[i]);
    expect(r.similarity, `row ${i}`).toBe(scan.similarities[i]);
  });
}

const stat = (page: Page, key: string) => page.locator(`[data-stat="${key}"] dd`).textContent();

describe("the leakage scan in the browser", () => {
  test("progress shows while a long scan runs, and cancel stops it", async () => {
    const { page } = explorer;
    // Prompts from a seeded vocabulary: a scan of 100,000 x 10,000 pairs on the TS kernel takes
    // seconds, in chunks of 8,192 rows, so progress reports come well before the end.
    let seed = 7;
    // The high bits of the LCG: its low bits repeat with a short period.
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 12;
    // Letters only: the tokenizer folds digits into one number token.
    const word = (n: number) => {
      let w = "";
      do {
        w += String.fromCharCode(97 + (n % 26));
        n = Math.floor(n / 26);
      } while (n > 0);
      return w;
    };
    const prompt = () => Array.from({ length: 14 }, () => word(next() % 5000)).join(" ");
    const jsonl = (n: number) => Buffer.from(Array.from({ length: n }, () => JSON.stringify({ prompt: prompt() })).join("\n"));
    await page.getByTestId("generated-file").setInputFiles({ name: "big-generated.jsonl", mimeType: "application/jsonl", buffer: jsonl(100_000) });
    await page.getByTestId("sources-file").setInputFiles({ name: "big-sources.jsonl", mimeType: "application/jsonl", buffer: jsonl(10_000) });
    await expect.poll(() => page.getByTestId("generated-summary").textContent()).toContain("100,000 rows");
    await expect.poll(() => page.getByTestId("sources-summary").textContent()).toContain("10,000 rows");
    await page.getByTestId("kernel").selectOption("ts");
    await page.getByTestId("scan-start").click();
    const progress = page.getByTestId("scan-progress");
    await progress.waitFor({ timeout: 60_000 });
    expect(Number(await progress.getAttribute("max"))).toBe(100_000 * 10_000);
    expect(Number(await progress.getAttribute("value"))).toBeGreaterThan(0);
    await page.screenshot({ path: `${ARTIFACTS}leakage-progress.png` });
    await page.getByTestId("scan-cancel").click();
    await expect.poll(() => page.getByTestId("scan-cancelled").textContent()).toMatch(/^Scan cancelled after [\d,]+ rows/);
    const rowsDone = Number(((await page.getByTestId("scan-cancelled").textContent()) ?? "").replace(/,/g, "").match(/after (\d+) rows/)?.[1]);
    expect(rowsDone).toBeGreaterThan(0);
    expect(rowsDone).toBeLessThan(100_000);
    expect(await page.getByTestId("scan-result").count()).toBe(0);
  });

  test(`${GENERATED} against ${SOURCES}: the page's scan is Node's, on the WASM and the TS kernel`, async () => {
    const { page } = explorer;
    await page.getByTestId("generated-file").setInputFiles(`${EXAMPLES_DIR}${GENERATED}`);
    await page.getByTestId("sources-file").setInputFiles(`${EXAMPLES_DIR}${SOURCES}`);
    await expect.poll(() => page.getByTestId("sources-summary").textContent()).toContain(SOURCES);
    const generated = loadTraces(await rawRows(`${EXAMPLES_DIR}${GENERATED}`));
    const sources = loadTraces(await rawRows(`${EXAMPLES_DIR}${SOURCES}`));
    const node = await scanLeakage(generated, sources);
    expect(node.report.n_leaky).toBeGreaterThan(10);

    const wasm = await runScan(page, "wasm");
    expect(await stat(page, "kernel")).toMatch(/^wasm /);
    expect(await stat(page, "n_leaky")).toBe(String(node.report.n_leaky));
    expect(await stat(page, "n_sources")).toBe(String(node.report.n_sources));
    // The table lists every leaky row with its closest source and similarity.
    const listed = await page.getByTestId("leaky-rows").locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [Number(tr.getAttribute("data-row")), Number(tr.getAttribute("data-source")), Number(tr.getAttribute("data-similarity"))]));
    const leakyInNode = [...node.flags.keys()].filter((i) => node.flags[i] === 1).map((i) => [i, node.sources[i], node.similarities[i]]);
    expect(listed).toEqual(leakyInNode);
    expectSameAsNode(wasm, node, generated.map((r) => r.prompt.trim()));
    await page.screenshot({ path: `${ARTIFACTS}leakage.png`, fullPage: true });

    const ts = await runScan(page, "ts");
    expect(await stat(page, "kernel")).toMatch(/^ts /);
    expect(ts).toEqual(wasm);
  });

  test("the split preview's remainder against its holdout, as pnpm start checks it", async () => {
    const { page } = explorer;
    await page.locator('[data-tab="report"]').click();
    await page.getByTestId("trace-file").setInputFiles(`${EXAMPLES_DIR}${GENERATED}`);
    await expect.poll(() => page.getByTestId("file-summary").textContent()).toContain(GENERATED);
    await page.locator('[data-tab="split"]').click();
    await page.getByTestId("split-scan").click();
    await expect.poll(() => page.getByTestId("generated-summary").textContent()).toContain("remainder");
    // The sides came from the split, not from an example: neither picker names one.
    for (const side of ["generated", "sources"]) expect(await page.getByTestId(`${side}-example`).inputValue(), side).toBe("");
    const rows = loadTraces(await rawRows(`${EXAMPLES_DIR}${GENERATED}`));
    const [holdout, train] = splitPseudoProduction(rows, { fraction: 0.2, seed: "0" });
    const node = await scanLeakage(train, holdout);
    // The button asked for the check: the scan runs without a second click.
    expectSameAsNode(await scanResult(page), node, train.map((r) => r.prompt.trim()));
    expect(await stat(page, "kernel")).toMatch(/^wasm /);
    // Away and back: the result stays, and opening the tab again does not scan again.
    await page.locator('[data-tab="report"]').click();
    await page.locator('[data-tab="leakage"]').click();
    expect(await page.getByTestId("scan-result").count()).toBe(1);
    expect(await page.getByTestId("scan-running").count()).toBe(0);
  });

  test("in a Chromium without WebAssembly (--jitless), auto falls back to the TS kernel with Node's answer", async () => {
    const plain = await openExplorer({ jsFlags: "--jitless" });
    try {
      const { page } = plain;
      expect(await page.evaluate(() => typeof WebAssembly)).toBe("undefined");
      await page.locator('[data-tab="leakage"]').click();
      expect(await page.getByTestId("kernel").locator('option[value="auto"]').textContent()).toMatch(/TypeScript here/);
      expect(await page.getByTestId("kernel").locator('option[value="wasm"]').isDisabled()).toBe(true);
      await page.getByTestId("generated-file").setInputFiles(`${EXAMPLES_DIR}${GENERATED}`);
      await page.getByTestId("sources-file").setInputFiles(`${EXAMPLES_DIR}${SOURCES}`);
      await expect.poll(() => page.getByTestId("sources-summary").textContent()).toContain(SOURCES);
      const generated = loadTraces(await rawRows(`${EXAMPLES_DIR}${GENERATED}`));
      const node = await scanLeakage(generated, loadTraces(await rawRows(`${EXAMPLES_DIR}${SOURCES}`)));
      expectSameAsNode(await runScan(page, "auto"), node, generated.map((r) => r.prompt.trim()));
      expect(await stat(page, "kernel")).toMatch(/^ts /);
      expect(foreignRequests(plain)).toEqual([]);
      expect(plain.errors).toEqual([]);
    } finally {
      await plain.close();
    }
  });

  test("made no request beyond its own origin, and raised no page error", () => {
    expect(explorer.requests.some((url) => /scan\.worker/.test(url))).toBe(true);
    expect(foreignRequests(explorer)).toEqual([]);
    expect(explorer.errors).toEqual([]);
  });
});
