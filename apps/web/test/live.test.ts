// The live view against a real `wai otel serve --ui`, fed by a separate agent process through the
// official OpenTelemetry exporter: the page (served by the receiver) counts the rows as they
// arrive, and its report is traceReport over exactly the rows the receiver wrote to --out. A cut
// connection resumes after the last row shown: no row twice, none missed.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { ARTIFACTS, ensureBuilt, foreignRequests, openPage, type Explorer } from "./support/browser.js";
import { runAgent, startLiveReceiver, startRelay, type LiveReceiver, type Relay } from "./support/live-receiver.js";
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

async function receiver(extra: string[] = []): Promise<{ wai: LiveReceiver; out: string }> {
  await ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), "web-live-"));
  dirs.push(dir);
  const out = join(dir, "rows.jsonl");
  const wai = await startLiveReceiver(out, 300, extra);
  cleanups.push(() => wai.stop());
  return { wai, out };
}

async function browse(origin: string): Promise<Explorer> {
  const explorer = await openPage(origin);
  cleanups.push(() => explorer.close());
  return explorer;
}

const linesOf = (path: string) => readFileSync(path, "utf8").split("\n").filter((line) => line !== "");

/** The page's counter, once it reads `n`. */
async function waitForRows(page: Page, n: number): Promise<void> {
  await expect.poll(async () => number(await page.getByTestId("live-count").textContent())).toBe(n);
}

/** The report (recomputed at most once a second) equals traceReport over the rows in --out, read by the front door. */
async function expectReportOfOut(page: Page, out: string, n: number): Promise<void> {
  await expect.poll(() => linesOf(out).length).toBe(n);
  const bytes = readFileSync(out);
  const { rows, report } = await frontDoor("rows.jsonl", bytes);
  expect(rows).toHaveLength(n);
  expect(report.format).toBe("rows-jsonl");
  await page.locator('[data-tab="report"]').click();
  await expect.poll(() => shownStat(page, "traces")).toBe(n);
  await expectReportShownEventually(page, referenceReport(rows, {}), report);
  await page.locator('[data-tab="conversations"]').click();
  await expect.poll(() => page.getByTestId("conversations").textContent()).toContain(`${n} of ${n} rows`);
  await page.locator('[data-tab="report"]').click();
}

/** The newest rows listed, as conversation ids. */
const newestShown = (page: Page) => page.getByTestId("live-newest").locator("li code").allTextContents();

describe("the live view (wai otel serve --ui)", () => {
  test("rows arrive as conversations complete, and the running report is traceReport over the rows written", async () => {
    const { wai, out } = await receiver();
    const explorer = await browse(wai.origin);
    const { page } = explorer;
    const live = page.getByTestId("live");
    await expect.poll(() => live.getAttribute("data-state")).toBe("open");
    await waitForRows(page, 0);

    await runAgent(wai.endpoint, 1, 5);
    await waitForRows(page, 5);
    await expectReportOfOut(page, out, 5);

    await runAgent(wai.endpoint, 6, 7);
    await waitForRows(page, 12);
    await expectReportOfOut(page, out, 12);
    // Newest first: the last conversations the receiver completed, in the order it wrote them.
    const written = linesOf(out).map((line) => (JSON.parse(line) as { conversation_id: string }).conversation_id);
    expect(await newestShown(page)).toEqual(written.slice(-8).reverse());
    expect(await live.getAttribute("data-problems")).toBe("0");
    expect(number(await page.locator('[data-stat="graded"] dd').textContent())).toBe(12);
    await page.screenshot({ path: `${ARTIFACTS}live.png` });

    // Everything the page fetched came from the receiver's origin, and nothing failed.
    expect(foreignRequests(explorer)).toEqual([]);
    expect(explorer.errors).toEqual([]);
    // The browser closes first: an open event stream is ended by the receiver as it stops, not waited for.
    await explorer.close();
    expect(await wai.stop()).toBe(0);
    expect(wai.stderr()).toMatch(/\nwai: \d+ requests \(0 rejected\), 36 spans, 12 rows written\n$/);
  });

  test("a page opened after the receiver let its oldest rows go (--live-mib) says which rows it lacks", async () => {
    // About 100 bytes: less than one row, so the receiver keeps only the newest row (it always keeps that one).
    const { wai, out } = await receiver(["--live-mib", "0.0001"]);
    await runAgent(wai.endpoint, 1, 6);
    await expect.poll(() => linesOf(out).length).toBe(6);
    const explorer = await browse(wai.origin);
    const { page } = explorer;
    const live = page.getByTestId("live");
    await expect.poll(() => live.getAttribute("data-state")).toBe("open");
    await expect.poll(() => live.getAttribute("data-problems")).toBe("1");
    await waitForRows(page, 1);
    expect(await page.getByTestId("live-problems").textContent()).toBe(
      "rows 1 to 5 are no longer held by the receiver (it keeps its newest rows for the live view); they are in its output file, and the numbers here leave them out",
    );
    // The row it holds is the newest one written.
    const written = linesOf(out).map((line) => (JSON.parse(line) as { conversation_id: string }).conversation_id);
    expect(await newestShown(page)).toEqual(written.slice(-1));
    expect(explorer.errors).toEqual([]);
  });

  test("a cut connection resumes after the last row shown: rows completed meanwhile arrive, none twice", async () => {
    const { wai, out } = await receiver();
    const relay: Relay = await startRelay(wai.origin);
    cleanups.push(() => relay.close());
    const explorer = await browse(relay.origin);
    const { page } = explorer;
    const live = page.getByTestId("live");
    await expect.poll(() => live.getAttribute("data-state")).toBe("open");

    await runAgent(wai.endpoint, 1, 4);
    await waitForRows(page, 4);
    // The network drops: the stream breaks and EventSource keeps trying, refused, while more conversations complete.
    relay.down();
    await expect.poll(() => live.getAttribute("data-state")).toBe("reconnecting");
    await runAgent(wai.endpoint, 5, 5);
    await expect.poll(() => linesOf(out).length).toBe(9);
    expect(number(await page.getByTestId("live-count").textContent())).toBe(4);
    const before = relay.connections;
    relay.up();
    // EventSource reconnects by itself, sending the last id it saw: only rows 5 to 9 come.
    await waitForRows(page, 9);
    await expect.poll(() => live.getAttribute("data-state")).toBe("open");
    expect(relay.connections).toBeGreaterThan(before);
    expect(await live.getAttribute("data-problems")).toBe("0");
    await expectReportOfOut(page, out, 9);
    await page.screenshot({ path: `${ARTIFACTS}live-reconnected.png` });
    // Only the refused reconnects may log (Chromium reports each failed EventSource request); no page error.
    expect(explorer.errors.filter((e) => e.startsWith("page error"))).toEqual([]);
  });
});
