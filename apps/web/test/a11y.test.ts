// Accessibility, checked by axe-core (Deque's rules engine, the one browser devtools and CI
// linters run) in Chromium on every tab with a file open, at desktop and phone width: no
// violation of any impact (minor and moderate ones such as heading order included). What axe
// found is also written to the artifacts.
import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ARTIFACTS, EXAMPLES_DIR, openExplorer, type Explorer } from "./support/browser.js";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const TABS = ["report", "rows", "conversations", "cost", "harness", "split", "leakage"];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

let explorer: Explorer;
beforeAll(async () => {
  explorer = await openExplorer();
  await explorer.page.getByTestId("trace-file").setInputFiles(`${EXAMPLES_DIR}support-canonical.jsonl`);
  await explorer.page.getByTestId("file-summary").waitFor();
});
afterAll(async () => {
  await explorer?.close();
});

async function violations(page: Page): Promise<Violation[]> {
  // Through the devtools protocol, which the page's CSP (no inline scripts) does not govern.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
}

describe("accessibility (axe-core)", () => {
  const found: Record<string, Violation[]> = {};
  for (const width of [1280, 390]) {
    test.each(TABS)(`the %s tab at ${width} px: no violation`, async (tab) => {
      const { page } = explorer;
      await page.setViewportSize({ width, height: 900 });
      await page.locator(`[data-tab="${tab}"]`).click();
      await expect.poll(() => page.locator(`[data-tab="${tab}"]`).getAttribute("aria-selected")).toBe("true");
      const all = await violations(page);
      found[`${tab}@${width}`] = all;
      expect(all.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }

  test("keyboard: the tabs move with the arrow keys, and focus follows", async () => {
    const { page } = explorer;
    await page.locator('[data-tab="report"]').click();
    await page.locator('[data-tab="report"]').focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.locator('[data-tab="rows"]').getAttribute("aria-selected")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-tab"))).toBe("rows");
    await page.keyboard.press("End");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-tab"))).toBe("leakage");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-tab"))).toBe("report");
    // One tab stop for the strip: the selected tab.
    expect(await page.locator('[role="tab"][tabindex="0"]').count()).toBe(1);
  });

  test("keyboard: the conversation list moves with the up and down keys", async () => {
    const { page } = explorer;
    await page.locator('[data-tab="conversations"]').click();
    await page.locator('.conversation-list button[data-row="0"]').click();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.getByTestId("conversation").getAttribute("data-row")).toBe("1");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-row"))).toBe("1");
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => page.getByTestId("conversation").getAttribute("data-row")).toBe("0");
  });

  afterAll(() => {
    writeFileSync(`${ARTIFACTS}axe-violations.json`, `${JSON.stringify(found, null, 2)}\n`);
  });
});
