// Time, tokens, cost and spans in Chromium: the waterfall shows every span of the conversation,
// nested by parent id, with the durations the file gives, linked both ways to the steps; the
// cost cards and per-model table equal usageSummary computed in Node on the same bytes, an edited
// price changes the cost (and is kept across a reload), the list sorts and filters by them.
import { copyFileSync, readFileSync } from "node:fs";
import { readTraces } from "@whileai/ingest";
import { rowsWithSpans } from "@whileai/otel";
import { loadTraces } from "@whileai/traces";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEFAULT_PRICES, type PriceList } from "../src/analysis/prices.js";
import { filterAndSort } from "../src/analysis/row-ranking.js";
import { spansLookup } from "../src/analysis/row-spans.js";
import { usageSummary, type UsageSummary } from "../src/analysis/usage.js";
import { ARTIFACTS, EXAMPLES_DIR, foreignRequests, openExplorer, type Explorer } from "./support/browser.js";
import { pickFile } from "./support/shown-source.js";

const bytesOf = (file: string) => readFileSync(`${EXAMPLES_DIR}${file}`);
/** Five captures as one OTLP JSON Lines file (one export a line): five conversations, four models named, two with no price. */
const MIXED = Buffer.from(
  ["otel/genai.otlp.json", "captures/langfuse-agent-session.otlp.json", "captures/livekit-voice-tool-turn.otlp.json", "captures/vercel-ai-7-tool-loop.otlp.json", "captures/genkit-tool-loop.otlp.json"]
    .map((f) => JSON.stringify(JSON.parse(bytesOf(f).toString("utf8"))))
    .join("\n"),
);

/** What the page must show for these bytes at these prices: the module run in Node on the front door's rows. */
async function expected(name: string, bytes: Buffer, prices: PriceList): Promise<UsageSummary> {
  const { rows, spans } = await readTraces(bytes, { name, raw: true, spans: true });
  return usageSummary(loadTraces(rows) as unknown as Record<string, unknown>[], prices, spansLookup(spans));
}

const value = (text: string | null): number | null => (text === null || text === "" ? null : Number(text));

async function shownCards(page: Page): Promise<Record<string, number | null>> {
  const cards = page.getByTestId("usage-cards").locator("[data-usage]");
  const out: Record<string, number | null> = {};
  for (const card of await cards.all()) out[(await card.getAttribute("data-usage")) as string] = value(await card.getAttribute("data-value"));
  return out;
}

function cardsOf({ totals }: UsageSummary): Record<string, number | null> {
  return {
    duration: totals.timedRows === 0 ? null : totals.durationMs,
    timed: totals.timedRows,
    input_tokens: totals.rowsWithTokens === 0 ? null : totals.inputTokens,
    output_tokens: totals.rowsWithTokens === 0 ? null : totals.outputTokens,
    cost: totals.pricedRows === 0 ? null : totals.costUsd,
    unpriced: totals.unpricedRows,
  };
}

async function shownModels(page: Page) {
  return page.getByTestId("model-usage").locator("tbody tr").evaluateAll((trs) =>
    trs.map((tr) => {
      const field = (name: string) => tr.querySelector(`[data-field="${name}"]`);
      const num = (name: string) => (field(name)?.getAttribute("data-value") ? Number(field(name)?.getAttribute("data-value")) : null);
      return { model: tr.getAttribute("data-model") || null, rows: Number(field("rows")?.textContent), durationMs: num("duration"), inputTokens: num("input_tokens"), outputTokens: num("output_tokens"), costUsd: num("cost"), costText: field("cost")?.textContent };
    }),
  );
}

function modelsOf({ models }: UsageSummary) {
  return models.map((m) => ({
    model: m.model,
    rows: m.rows,
    durationMs: m.timedRows === 0 ? null : m.durationMs,
    inputTokens: m.rowsWithTokens === 0 ? null : m.inputTokens,
    outputTokens: m.rowsWithTokens === 0 ? null : m.outputTokens,
    costUsd: m.costUsd,
    costText: m.costUsd === null ? "no price" : expect.stringMatching(/^\$/),
  }));
}

let explorer: Explorer;
beforeAll(async () => {
  explorer = await openExplorer();
});
afterAll(async () => {
  await explorer?.close();
});

describe("spans", () => {
  test.each(["otel/genai.otlp.json", "captures/vercel-ai-7-tool-loop.otlp.json"])("%s: every span, nested by parent, with the file's durations, linked to its steps", async (file) => {
    const { page } = explorer;
    const bytes = bytesOf(file);
    await pickFile(page, file.split("/")[1], bytes);
    await page.locator('[data-tab="conversations"]').click();
    const rows = page.getByTestId("waterfall").locator("[data-span-id]");
    const [{ row, spans }] = rowsWithSpans(JSON.parse(bytes.toString("utf8")));
    await expect.poll(() => rows.count()).toBe(spans.length);

    // The file's own spans: id -> parent, exact duration.
    const raw = (JSON.parse(bytes.toString("utf8")) as { resourceSpans: { scopeSpans: { spans: { spanId: string; parentSpanId?: string; startTimeUnixNano: string; endTimeUnixNano: string }[] }[] }[] }).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
    const fileSpans = new Map(raw.map((s) => [s.spanId, s]));
    const shown = await rows.evaluateAll((lis) => lis.map((li) => ({ id: li.getAttribute("data-span-id") as string, parent: li.getAttribute("data-parent") as string, depth: Number(li.getAttribute("data-depth")), ns: li.getAttribute("data-duration-ns") as string, step: li.getAttribute("data-step") })));
    expect(shown.map((s) => s.id).sort()).toEqual([...fileSpans.keys()].sort());
    const depthOf = new Map<string, number>();
    for (const s of shown) {
      const own = fileSpans.get(s.id);
      expect(s.ns, s.id).toBe(String(BigInt(own?.endTimeUnixNano ?? "") - BigInt(own?.startTimeUnixNano ?? "")));
      expect(s.parent).toBe(own?.parentSpanId ?? "");
      // Depth-first: a span's parent is listed above it, one level up; a span whose parent is absent is a root.
      expect(s.depth, s.id).toBe(fileSpans.has(s.parent) ? (depthOf.get(s.parent) as number) + 1 : 0);
      depthOf.set(s.id, s.depth);
    }
    expect(Math.max(...shown.map((s) => s.depth))).toBeGreaterThan(0);

    // A tool span goes to its step, and the step back to its span.
    const linked = spans.filter((s) => s.step !== null);
    expect(linked.length).toBeGreaterThan(0);
    for (const s of linked) {
      await page.locator(`[data-span-id="${s.spanId}"] button.span-name`).click();
      await expect.poll(() => page.locator(".steps > li.focused").getAttribute("data-step-index")).toBe(String(s.step));
      expect("tool" in row.steps[s.step as number]).toBe(true);
    }
    const last = linked[0];
    await page.locator(`.steps > li[data-step-index="${last.step}"] [data-testid="step-to-span"]`).click();
    await expect.poll(() => page.locator(".span-row.focused").getAttribute("data-span-id")).toBe(last.spanId);
    const shot = `${ARTIFACTS}spans${file.startsWith("otel/") ? "" : "-vercel-ai-7"}.png`;
    await page.getByTestId("conversation").screenshot({ path: shot });
    if (process.env.UPDATE_SCREENSHOT === "1" && file.startsWith("otel/")) copyFileSync(shot, new URL("../../../docs/explorer-spans.png", import.meta.url));
    expect(explorer.errors).toEqual([]);
  });
});

describe("time, tokens and cost", () => {
  test("the cards and the per-model table are usageSummary's; an edited price changes the cost and is kept", async () => {
    const { page } = explorer;
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await pickFile(page, "mixed.otlp.jsonl", MIXED);
    const bundled = await expected("mixed.otlp.jsonl", MIXED, DEFAULT_PRICES.models);
    expect(bundled.perRow.length).toBe(5);
    expect(bundled.totals.unpricedModels).toEqual(["(no model)", "mock-model-7"]);
    await page.locator('[data-tab="report"]').click();
    await expect.poll(() => shownCards(page)).toEqual(cardsOf(bundled));

    await page.locator('[data-tab="cost"]').click();
    await expect.poll(() => shownCards(page)).toEqual(cardsOf(bundled));
    expect(await shownModels(page)).toEqual(modelsOf(bundled));
    expect(await page.getByTestId("price-source").textContent()).toContain(DEFAULT_PRICES.date);

    // gpt-4o's input price from 2.5 to 5 USD per 1M tokens; mock-model-7 gets a price.
    await page.getByLabel("gpt-4o input price", { exact: true }).fill("5");
    await page.getByLabel("gpt-4o input price", { exact: true }).press("Enter");
    await page.getByLabel("gpt-4o input price", { exact: true }).blur();
    const add = page.getByTestId("add-price");
    await add.getByLabel("New model name").fill("mock-model-7");
    await add.getByLabel("New model input price").fill("1");
    await add.getByLabel("New model output price").fill("2");
    await add.getByRole("button", { name: "add" }).click();
    const edited = { ...DEFAULT_PRICES.models, "gpt-4o": { input: 5, output: 10 }, "mock-model-7": { input: 1, output: 2 } };
    const after = await expected("mixed.otlp.jsonl", MIXED, edited);
    await expect.poll(() => shownCards(page)).toEqual(cardsOf(after));
    expect(after.totals.costUsd).toBeGreaterThan(bundled.totals.costUsd);
    expect(await shownModels(page)).toEqual(modelsOf(after));
    await page.getByTestId("cost").screenshot({ path: `${ARTIFACTS}cost.png` });

    // Kept in this browser: a reload and the same file show the edited cost.
    await page.reload();
    await pickFile(page, "mixed.otlp.jsonl", MIXED);
    await page.locator('[data-tab="cost"]').click();
    await expect.poll(() => shownCards(page)).toEqual(cardsOf(after));
    await page.getByTestId("reset-prices").click();
    await expect.poll(() => shownCards(page)).toEqual(cardsOf(bundled));
    expect(foreignRequests(explorer)).toEqual([]);
    expect(explorer.errors).toEqual([]);
  });

  test("the conversation list sorts and filters by duration, tokens and cost as filterAndSort does", async () => {
    const { page } = explorer;
    const summary = await expected("mixed.otlp.jsonl", MIXED, DEFAULT_PRICES.models);
    await page.locator('[data-tab="conversations"]').click();
    const listed = () => page.locator(".conversation-list ol button[data-row]").evaluateAll((bs) => bs.map((b) => Number(b.getAttribute("data-row"))));
    const all = summary.perRow.map((_, i) => i);
    for (const ranking of ["duration", "tokens", "cost"] as const) {
      await page.getByTestId("sort-rows").selectOption(ranking);
      await expect.poll(listed).toEqual(filterAndSort(all, summary.perRow, ranking, null));
    }
    // Costliest first, at least the second-highest cost: the two costliest rows, no unpriced row.
    const costs = summary.perRow.map((u) => u.costUsd).filter((c): c is number => c !== null).sort((a, b) => b - a);
    await page.getByTestId("rows-at-least").fill(String(costs[1]));
    await expect.poll(listed).toEqual(filterAndSort(all, summary.perRow, "cost", costs[1]));
    expect((await listed()).length).toBe(2);
    // The order and the minimum are in the link: a new page on it, given the same file, lists the same rows.
    await expect.poll(() => page.url()).toContain(`cmin=${encodeURIComponent(String(costs[1]))}`);
    expect(page.url()).toContain("cs=cost");
    const other = await page.context().newPage();
    await other.goto(page.url());
    await pickFile(other, "mixed.otlp.jsonl", MIXED);
    const listedThere = () => other.locator(".conversation-list ol button[data-row]").evaluateAll((bs) => bs.map((b) => Number(b.getAttribute("data-row"))));
    await expect.poll(listedThere).toEqual(filterAndSort(all, summary.perRow, "cost", costs[1]));
    expect(await other.getByTestId("sort-rows").inputValue()).toBe("cost");
    await other.close();
    // A row with no price reads "no price" in its conversation, never $0.
    await page.getByTestId("rows-at-least").fill("");
    const unpriced = summary.perRow.findIndex((u) => u.model === "mock-model-7");
    await page.locator(`button[data-row="${unpriced}"]`).click();
    await expect.poll(() => page.getByTestId("row-usage").locator('[data-usage="cost"] dd').textContent()).toBe("no price");
    expect(explorer.errors).toEqual([]);
  });
});
