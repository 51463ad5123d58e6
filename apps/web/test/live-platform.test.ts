// The live view of the local platform: a real `wai serve --ui` on a fresh data directory, fed by a
// separate agent process through the official OpenTelemetry exporter with the account's key. The
// page asks for the key (a password field; this tab's sessionStorage, never the URL or
// localStorage), says so when the key is refused, and shows each trace's rows as they are rebuilt:
// a trace sent again replaces its rows, so every conversation is counted once. The running report
// is traceReport over exactly the rows the platform holds (read from its stream in Node). A cut
// connection resumes after the last trace change shown.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { ARTIFACTS, ensureBuilt, foreignRequests, openPage, type Explorer } from "./support/browser.js";
import { readPlatformStream, runTraceAgent, startLivePlatform, type LivePlatform, type PlatformStream } from "./support/live-platform.js";
import { startRelay } from "./support/live-receiver.js";
import { frontDoor, referenceReport } from "./support/reference.js";
import { expectReportShownEventually, number, shownStat } from "./support/shown-report.js";

const dirs: string[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function platform(): Promise<LivePlatform> {
  await ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), "web-live-platform-"));
  dirs.push(dir);
  const wai = await startLivePlatform(dir);
  cleanups.push(() => wai.stop());
  return wai;
}

async function browse(origin: string): Promise<Explorer> {
  const explorer = await openPage(origin);
  cleanups.push(() => explorer.close());
  return explorer;
}

async function stream(wai: LivePlatform): Promise<PlatformStream> {
  const reader = await readPlatformStream(wai.origin, wai.apiKey);
  cleanups.push(async () => reader.close());
  return reader;
}

async function enterKey(page: Page, key: string): Promise<void> {
  await page.getByTestId("live-key-input").fill(key);
  await page.getByTestId("live-key").locator('button[type="submit"]').click();
}

async function waitForRows(page: Page, n: number): Promise<void> {
  await expect.poll(async () => number(await page.getByTestId("live-count").textContent())).toBe(n);
}

/** The platform's rows, as JSONL through the front door: the report is traceReport over them. */
async function expectReportOfPlatform(page: Page, platformRows: Map<string, unknown[]>, n: number): Promise<void> {
  const rows = [...platformRows.values()].flat();
  expect(rows).toHaveLength(n);
  const { rows: read, report } = await frontDoor("rows.jsonl", new TextEncoder().encode(rows.map((row) => `${JSON.stringify(row)}\n`).join("")));
  await page.locator('[data-tab="report"]').click();
  await expect.poll(() => shownStat(page, "traces")).toBe(n);
  await expectReportShownEventually(page, referenceReport(read, {}), report);
}

const conversations = (platformRows: Map<string, unknown[]>) =>
  [...platformRows.values()].flat().map((row) => (row as { conversation_id: string }).conversation_id).sort();
const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => `conv-${String(from + i).padStart(3, "0")}`);

describe("the live view (wai serve --ui, the local platform)", () => {
  test("asks for the key, says when it is refused, then shows each trace once with its latest rows and the running report", async () => {
    const wai = await platform();
    const explorer = await browse(wai.origin);
    const { page } = explorer;
    const live = page.getByTestId("live");
    await expect.poll(() => live.getAttribute("data-state")).toBe("needs-key");
    expect(await page.getByTestId("live-key-input").getAttribute("type")).toBe("password");

    await enterKey(page, "wai_not_the_key");
    await expect.poll(() => live.getAttribute("data-state")).toBe("refused");
    expect(await page.getByTestId("live-refused").textContent()).toBe("the server refused this API key (401: invalid API key); enter an account's key");
    expect(await page.evaluate(() => sessionStorage.getItem("whileai-live-api-key"))).toBeNull();

    await enterKey(page, wai.apiKey);
    await expect.poll(() => live.getAttribute("data-state")).toBe("open");
    await waitForRows(page, 0);
    // The key is this tab's: in sessionStorage, not in localStorage, the URL or any request's URL.
    expect(await page.evaluate(() => sessionStorage.getItem("whileai-live-api-key"))).toBe(wai.apiKey);
    expect(await page.evaluate(() => Object.values({ ...localStorage }).join("\n"))).not.toContain(wai.apiKey);
    expect(page.url()).not.toContain(wai.apiKey);
    expect(explorer.requests.filter((url) => url.includes(wai.apiKey))).toEqual([]);

    const platformStream = await stream(wai);
    await runTraceAgent(wai.origin, wai.apiKey, 1, 5);
    await platformStream.until(() => conversations(platformStream.rows()).join() === ids(1, 5).join());
    // Each trace came in three requests, its rows rebuilt and sent at each: more events than traces, one row each.
    expect(platformStream.events).toBeGreaterThan(5);
    await waitForRows(page, 5);
    await expectReportOfPlatform(page, platformStream.rows(), 5);

    await runTraceAgent(wai.origin, wai.apiKey, 6, 7);
    await platformStream.until(() => conversations(platformStream.rows()).join() === ids(1, 12).join());
    await waitForRows(page, 12);
    expect(await page.getByTestId("live-count").locator("..").textContent()).toContain("12 rows in 12 traces received from this platform");
    await expectReportOfPlatform(page, platformStream.rows(), 12);
    // Newest first: the traces that changed last, as the platform ordered them.
    const latest = [...platformStream.rows().values()].flat().map((row) => (row as { conversation_id: string }).conversation_id);
    expect(await page.getByTestId("live-newest").locator("li code").allTextContents()).toEqual(latest.slice(-8).reverse());
    expect(await live.getAttribute("data-problems")).toBe("0");
    expect(number(await page.locator('[data-stat="graded"] dd').textContent())).toBe(12);
    await page.screenshot({ path: `${ARTIFACTS}live-platform.png` });

    expect(foreignRequests(explorer)).toEqual([]);
    // The one refused key is the only error: Chromium logs the 401 it was answered.
    expect(explorer.errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    expect(explorer.errors.length).toBeLessThanOrEqual(1);
  });

  test("a cut connection resumes after the last trace change shown: traces sent meanwhile arrive, none counted twice", async () => {
    const wai = await platform();
    const relay = await startRelay(wai.origin);
    cleanups.push(() => relay.close());
    const explorer = await browse(relay.origin);
    const { page } = explorer;
    const live = page.getByTestId("live");
    await enterKey(page, wai.apiKey);
    await expect.poll(() => live.getAttribute("data-state")).toBe("open");
    const platformStream = await stream(wai);

    await runTraceAgent(wai.origin, wai.apiKey, 1, 4);
    await waitForRows(page, 4);
    relay.down();
    await expect.poll(() => live.getAttribute("data-state")).toBe("reconnecting");
    // While the page is cut off: new traces, each sent in three batches.
    await runTraceAgent(wai.origin, wai.apiKey, 5, 5);
    await platformStream.until(() => conversations(platformStream.rows()).length === 9);
    expect(number(await page.getByTestId("live-count").textContent())).toBe(4);
    const before = relay.connections;
    relay.up();
    await waitForRows(page, 9);
    await expect.poll(() => live.getAttribute("data-state")).toBe("open");
    expect(relay.connections).toBeGreaterThan(before);
    expect(await live.getAttribute("data-problems")).toBe("0");
    await expectReportOfPlatform(page, platformStream.rows(), 9);
    await page.screenshot({ path: `${ARTIFACTS}live-platform-reconnected.png` });
    // A reload keeps the key (this tab's sessionStorage) and reads every trace again from the start.
    await page.reload();
    await expect.poll(() => live.getAttribute("data-state")).toBe("open");
    await waitForRows(page, 9);
    expect(explorer.errors.filter((e) => e.startsWith("page error"))).toEqual([]);
  });
});
