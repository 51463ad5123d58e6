/** The trace report as the page shows it, against `traceReport` computed in Node. */
import type { SourceReport } from "@whileai/ingest";
import type { TraceReport } from "@whileai/traces/node";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { pageWording } from "../../src/views/page-wording.js";
import { droppedReading } from "../../src/views/report-view.js";

export const STAT_KEYS = ["traces", "dropped", "unique_prompts", "distinct_behaviors", "graded", "passes", "fails", "ungraded", "non_binary_labels", "advisory_labels"] as const;

/** A count as the page prints it (`1,234`). */
export const number = (text: string | null) => Number((text ?? "").replace(/,/g, ""));

async function tableCounts(page: Page, testId: string, attribute: string) {
  return page.getByTestId(testId).locator(`tbody tr[${attribute}]`).evaluateAll(
    (rows, attr) => rows.map((row) => [row.getAttribute(attr), Array.from(row.querySelectorAll("td.num")).map((td) => td.textContent)] as const),
    attribute,
  );
}

/** A card's count, without the breakdown some cards print under it. */
export async function shownStat(page: Page, key: string): Promise<number> {
  return number(await page.locator(`[data-stat="${key}"] dd`).evaluate((dd) => (dd.querySelector("[data-value]") ?? dd).textContent));
}

/**
 * Every number of the report tab is `want`'s: the counts, tools, faults, world states, warnings,
 * unread columns and the tool chart. The `dropped` card adds what the front door (`source`) dropped
 * before traceReport saw a row.
 */
export async function expectReportShown(page: Page, want: TraceReport, source: SourceReport): Promise<void> {
  for (const key of STAT_KEYS) {
    const expected = key === "dropped" ? want.dropped + droppedReading(source) : want[key];
    expect(await shownStat(page, key), key).toBe(expected);
  }
  expect(Number(await page.locator('[data-stat="dropped"]').getAttribute("data-report-dropped"))).toBe(want.dropped);
  const tools = await tableCounts(page, "tools", "data-tool");
  expect(tools.map(([tool, [calls, faults]]) => [tool, number(calls), number(faults)]).sort()).toEqual(
    Object.entries(want.tools_observed).map(([tool, t]) => [tool, t.n, t.fault_n]).sort(),
  );
  for (const [testId, field] of [["faults", "faults_observed"], ["world-states", "world_states_observed"]] as const) {
    const shownCounts = Object.keys(want[field]).length === 0 ? [] : await tableCounts(page, testId, "data-name");
    expect(Object.fromEntries(shownCounts.map(([k, [n]]) => [k, number(n)])), field).toEqual(want[field]);
  }
  const warnings = want.warnings.length === 0 ? [] : await page.getByTestId("warnings").locator("li").allTextContents();
  // traceReport's warnings, their Python hints pointed at the page's boxes.
  expect(warnings).toEqual(want.warnings.map((w) => pageWording(w, { toolsGiven: want.emphasis !== undefined })));
  if (want.warnings.length === 0) await expect.poll(() => page.getByTestId("no-warnings").count()).toBe(1);
  const unread = Object.keys(want.unread_numeric_columns).length === 0 ? [] : await tableCounts(page, "unread-columns", "data-column");
  expect(Object.fromEntries(unread.map(([k, [n]]) => [k, number(n)]))).toEqual(want.unread_numeric_columns);
  expect(await page.getByTestId("chart-faults-per-tool").locator("g[data-tool]").count()).toBe(Object.keys(want.tools_observed).length);
}

/**
 * `expectReportShown` once the page has caught up: a live view counts a trace from its first rows,
 * and its later rows (a label at its end) can reach the page after that, so the report is awaited
 * whole before it is checked number by number.
 */
export async function expectReportShownEventually(page: Page, want: TraceReport, source: SourceReport): Promise<void> {
  const shown = async () => {
    try {
      await expectReportShown(page, want, source);
      return true;
    } catch {
      return false;
    }
  };
  await expect.poll(shown).toBe(true);
  await expectReportShown(page, want, source);
}
