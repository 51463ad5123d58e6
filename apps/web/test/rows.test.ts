// The table of every row in Chromium: its counts, order and column summaries are the analysis
// modules' on the same rows in Node; 100,000 rows stay a window of rows in the page; the keyboard
// moves through them; and the view lives in the link.
import { copyFileSync } from "node:fs";
import { loadTraces } from "@whileai/traces/node";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { summarizeColumn } from "../src/analysis/column-summary.js";
import { rowTable } from "../src/analysis/columns.js";
import { queryRows, type RowQuery } from "../src/analysis/row-query.js";
import { summaryText } from "../src/views/rows-view.js";
import { ARTIFACTS, EXAMPLES_DIR, foreignRequests, openExplorer, type Explorer } from "./support/browser.js";
import { rawRows } from "./support/reference.js";
import { pickFile } from "./support/shown-source.js";

const FILE = "support-canonical.jsonl";

let explorer: Explorer;
beforeAll(async () => {
  explorer = await openExplorer();
});
afterAll(async () => {
  await explorer?.close();
});

/** Rows the table keeps, once its answer for the query on screen has come (the load worker answers it). */
async function kept(page: Page): Promise<number> {
  // Building the table of 100,000 rows takes seconds, many more on a busy 2-core CI machine: no short limit here.
  await page.locator('[data-testid="rows"][aria-busy="false"]').waitFor({ timeout: 240_000 });
  return Number(await page.getByTestId("rows-count").getAttribute("data-kept"));
}
/** The file indices of the rows drawn, top to bottom. */
const drawn = (page: Page) => page.getByTestId("rows-grid").locator("tbody tr[data-row]").evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute("data-row"))));

async function openRows(page: Page, file: string) {
  await page.getByTestId("trace-example").selectOption(file);
  await page.getByTestId("trace-load-example").click();
  await expect.poll(() => page.getByTestId("file-summary").locator("strong").textContent()).toBe(file);
  await page.locator('[data-tab="rows"]').click();
  await page.getByTestId("rows-grid").waitFor();
}

describe("the rows table in the browser", () => {
  test(`${FILE}: every column's summary, a filter, a search and a sort are Node's`, async () => {
    const { page } = explorer;
    await openRows(page, FILE);
    const rows = loadTraces(await rawRows(`${EXAMPLES_DIR}${FILE}`));
    const table = rowTable(rows);
    const all = rows.map((_, i) => i);
    expect(await kept(page)).toBe(rows.length);
    const headers = await page.getByTestId("rows-grid").locator("thead th").evaluateAll((ths) => ths.map((th) => th.getAttribute("data-col")));
    expect(headers).toEqual(table.columns.map((c) => c.key));
    for (const [c, column] of table.columns.entries()) {
      expect(await page.getByTestId(`summary-${column.key}`).textContent(), column.key).toBe(summaryText(summarizeColumn(column, table.cells[c], all)));
    }

    const query: RowQuery = { search: "order", filters: { tool_calls: ">=2", reward: "1" }, sort: { key: "tool_calls", direction: "desc" } };
    await page.getByTestId("rows-search").fill(query.search);
    await page.getByTestId("filter-tool_calls").fill(">=2");
    await page.getByTestId("filter-reward").fill("1");
    await page.getByTestId("sort-tool_calls").click();
    await page.getByTestId("sort-tool_calls").click();
    const want = queryRows(table, query);
    expect(want.length).toBeGreaterThan(1);
    await expect.poll(() => kept(page)).toBe(want.length);
    expect(await drawn(page)).toEqual(want.slice(0, (await drawn(page)).length));
    expect(await page.locator('th[data-col="tool_calls"]').getAttribute("aria-sort")).toBe("descending");
    const c = table.columns.findIndex((col) => col.key === "faulted_calls");
    expect(await page.getByTestId("summary-faulted_calls").textContent()).toBe(summaryText(summarizeColumn(table.columns[c], table.cells[c], want)));
    // From the first column, as a user sees the table before scrolling it sideways.
    await page.locator(".grid-scroll").evaluate((el) => {
      el.scrollLeft = 0;
    });
    await page.screenshot({ path: `${ARTIFACTS}rows.png` });
    if (process.env.UPDATE_SCREENSHOT === "1") copyFileSync(`${ARTIFACTS}rows.png`, new URL("../../../docs/explorer-rows.png", import.meta.url));

    // A number filter that does not read says why, naming the column.
    await page.getByTestId("filter-tool_calls").fill(">many");
    expect(await page.getByTestId("rows-error").textContent()).toBe('tool calls: ">many" is not a number filter (try 3, >3, <=0.5 or 1..5; = alone for no value)');
    await page.getByTestId("filter-tool_calls").fill(">=2");
  });

  test("the link holds the view: a new page on it reopens the example with the same rows, sort and tab", async () => {
    const { page } = explorer;
    // The hash follows the view once the page has drawn it.
    await expect.poll(() => page.url()).toContain("f.tool_calls=%3E%3D2");
    const url = page.url();
    expect(url).toContain("#file=support-canonical.jsonl");
    expect(url).toContain("tab=rows");
    const before = await drawn(page);
    const other = await page.context().newPage();
    await other.goto(url);
    await other.getByTestId("rows-grid").waitFor();
    expect(await other.getByTestId("rows-search").inputValue()).toBe("order");
    expect(await other.getByTestId("filter-reward").inputValue()).toBe("1");
    await expect.poll(() => drawn(other)).toEqual(before);
    // A row opened from the table is in the link too.
    await other.locator(`tbody tr[data-row="${before[0]}"]`).click();
    await expect.poll(() => other.getByTestId("conversation").getAttribute("data-row")).toBe(String(before[0]));
    expect(other.url()).toContain(`row=${before[0]}`);
    expect(other.url()).toContain("tab=conversations");
    await other.close();
  });

  test("a link to a file of the user's waits for that file, then shows its view", async () => {
    const { page } = explorer;
    const lines = Array.from({ length: 30 }, (_, i) => JSON.stringify({ prompt: `ask ${i}`, final_text: "ok", reward: i % 2, score: i }));
    const other = await page.context().newPage();
    await other.goto(`${explorer.origin}/#file=mine.jsonl&tab=rows&sort=score%3Adesc&f.reward=1`);
    await expect.poll(() => other.getByTestId("link-waits").textContent()).toBe("This link shows mine.jsonl: open that file to see the same view. Files never leave your machine, so a link cannot carry one.");
    await pickFile(other, "mine.jsonl", Buffer.from(lines.join("\n")));
    await other.getByTestId("rows-grid").waitFor();
    expect(await kept(other)).toBe(15);
    expect((await drawn(other)).slice(0, 3)).toEqual([29, 27, 25]);
    expect(await other.getByTestId("link-waits").count()).toBe(0);
    await other.close();
  });

  test("100,000 rows: a window of rows in the page, the end reached by scrolling and by the keyboard", async () => {
    const { page } = explorer;
    const n = 100_000;
    // Short rows (5 MB in all): the file's transfer into the browser is not what this test is about.
    const lines = Array.from({ length: n }, (_, i) => JSON.stringify({ prompt: `Order ${i}?`, final_text: "Shipped.", reward: i % 3 === 0 ? 0 : 1 }));
    // Reading and analysing 100,000 rows takes seconds, many more on a busy 2-core CI machine: no short limit here.
    const long = { timeout: 240_000 };
    await page.getByTestId("trace-file").setInputFiles({ name: "hundred-thousand.jsonl", mimeType: "application/octet-stream", buffer: Buffer.from(lines.join("\n")) }, long);
    await page.getByTestId("file-summary").locator("strong", { hasText: "hundred-thousand.jsonl" }).waitFor(long);
    await page.locator('[data-tab="rows"]').click();
    await page.getByTestId("rows-grid").waitFor(long);
    expect(await kept(page)).toBe(n);
    const inPage = await page.getByTestId("rows-grid").locator("tbody tr[data-row]").count();
    expect(inPage).toBeGreaterThan(0);
    expect(inPage).toBeLessThan(100);
    // Scrolled to the bottom: the last rows are drawn, and still only a window of them.
    await page.locator(".grid-scroll").evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await expect.poll(async () => (await drawn(page)).at(-1)).toBe(n - 1);
    expect(await page.getByTestId("rows-grid").locator("tbody tr[data-row]").count()).toBeLessThan(100);
    // Keyboard: Home, two rows down, Enter opens the third row in the conversation view.
    await page.getByTestId("rows-grid").focus();
    await page.keyboard.press("Home");
    await expect.poll(async () => (await drawn(page))[0]).toBe(0);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await page.getByTestId("rows-grid").getAttribute("aria-activedescendant")).toBe("row-2");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("conversation").getAttribute("data-row")).toBe("2");
    // Back in the table, the last row by End.
    await page.locator('[data-tab="rows"]').click();
    await page.getByTestId("rows-grid").focus();
    await page.keyboard.press("End");
    expect(await page.getByTestId("rows-grid").getAttribute("aria-activedescendant")).toBe(`row-${n - 1}`);
    await expect.poll(() => page.locator(`tbody tr[data-row="${n - 1}"]`).isVisible()).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}rows-100k.png` });
  }, 600_000);

  test("made no request beyond its own origin, and raised no page error", () => {
    expect(foreignRequests(explorer)).toEqual([]);
    expect(explorer.errors).toEqual([]);
  });
});
