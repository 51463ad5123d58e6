// The explorer on a phone-sized screen (390 px, an iPhone 12-15's CSS width): nothing is wider than
// the page, every tab can be reached, and the file picker stays inside its box.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ARTIFACTS, EXAMPLES_DIR, foreignRequests, openExplorer, type Explorer } from "./support/browser.js";

const WIDTH = 390;
const TABS = ["report", "conversations", "cost", "harness", "split", "leakage"];

let explorer: Explorer;
beforeAll(async () => {
  explorer = await openExplorer();
  await explorer.page.setViewportSize({ width: WIDTH, height: 844 });
});
afterAll(async () => {
  await explorer?.close();
});

/** Elements whose right edge passes the page's, by selector-ish description (for the failure message). */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll("body *"))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Inside a scrolling box (the tab strip, a wide table's wrapper) is fine: that box scrolls.
      let scroller: Element | null = el.parentElement;
      while (scroller !== null && getComputedStyle(scroller).overflowX !== "auto" && getComputedStyle(scroller).overflowX !== "scroll") scroller = scroller.parentElement;
      if (scroller !== null) continue;
      if (box.right > width + 0.5) out.push(`${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(" ").join(".")}` : ""} right=${Math.round(box.right)}`);
    }
    return out;
  }, WIDTH);
}

describe(`the explorer at ${WIDTH} px`, () => {
  test("before a file: the page fits, and the file picker sits inside its box", async () => {
    const { page } = explorer;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
    expect(await overflowing(page)).toEqual([]);
    const outside = await page.getByTestId("trace-source").evaluate((box) => {
      const outer = box.getBoundingClientRect();
      return Array.from(box.children)
        .filter((child) => {
          const r = child.getBoundingClientRect();
          return r.width > 0 && (r.left < outer.left - 0.5 || r.right > outer.right + 0.5);
        })
        .map((child) => child.outerHTML.slice(0, 80));
    });
    expect(outside).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}mobile-start.png`, fullPage: true });
  });

  test.each(TABS)("the %s tab fits and can be reached", async (tab) => {
    const { page } = explorer;
    if ((await page.getByTestId("file-summary").count()) === 0) {
      await page.getByTestId("trace-file").setInputFiles(`${EXAMPLES_DIR}support-canonical.jsonl`);
      await page.getByTestId("file-summary").waitFor();
    }
    const button = page.locator(`[data-tab="${tab}"]`);
    // A tab past the strip's edge scrolls into view; the click must land on it.
    await button.click();
    await expect.poll(() => button.getAttribute("aria-selected")).toBe("true");
    expect(await page.evaluate(() => document.documentElement.scrollWidth), tab).toBeLessThanOrEqual(WIDTH);
    expect(await overflowing(page), tab).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}mobile-${tab}.png`, fullPage: true });
  });

  test("an OpenTelemetry conversation's waterfall and the Time & cost tab fit", async () => {
    const { page } = explorer;
    await page.getByTestId("trace-file").setInputFiles(`${EXAMPLES_DIR}captures/vercel-ai-7-tool-loop.otlp.json`);
    await expect.poll(() => page.getByTestId("file-summary").locator("strong").textContent()).toBe("vercel-ai-7-tool-loop.otlp.json");
    for (const tab of ["conversations", "cost"]) {
      await page.locator(`[data-tab="${tab}"]`).click();
      if (tab === "conversations") await page.getByTestId("waterfall").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), tab).toBeLessThanOrEqual(WIDTH);
      expect(await overflowing(page), tab).toEqual([]);
    }
    await page.locator('[data-tab="conversations"]').click();
    await page.screenshot({ path: `${ARTIFACTS}mobile-spans.png`, fullPage: true });
  });

  test("made no request beyond its own origin, and raised no page error", () => {
    expect(foreignRequests(explorer)).toEqual([]);
    expect(explorer.errors).toEqual([]);
  });
});
