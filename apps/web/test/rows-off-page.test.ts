// A large file's rows stay off the page's thread: they cross from the trace reader to the page in
// batches (load-protocol.ts `rows-batch`), never as one structured clone that would hold it, and
// every question about all of them (the table, the conversation list, the usage totals, the split)
// is answered in the trace reader (row-questions.ts), the page drawing only the rows in view.
import { splitPseudoProduction } from "@whileai/traces";
import { loadTraces } from "@whileai/traces/node";
import { afterAll, beforeAll, expect, test } from "vitest";
import { inLoadWorkers, openExplorer, type Explorer } from "./support/browser.js";
import { shownStat } from "./support/shown-report.js";
import { pickFile } from "./support/shown-source.js";

let explorer: Explorer;
beforeAll(async () => {
  explorer = await openExplorer();
});
afterAll(async () => {
  await explorer?.close();
});

/** In the trace reader: the type of every reply it posts, each batch's size, and each `taken` the page sends back. */
async function recordReplies() {
  await inLoadWorkers(explorer.page, () => {
    const scope = globalThis as unknown as { postMessage: (m: { type: string; rows?: unknown[]; answer?: { kind: string } }) => void; posted?: string[] };
    const wrapped = scope.posted !== undefined;
    scope.posted = [];
    if (wrapped) return;
    // Logged before the reader's own handler runs (whose answer to it is the next batch).
    const worker = globalThis as unknown as { onmessage: (event: MessageEvent<{ type: string }>) => void };
    const handle = worker.onmessage;
    worker.onmessage = (event) => {
      if (event.data.type === "taken") scope.posted?.push("taken");
      handle(event);
    };
    const post = scope.postMessage.bind(scope);
    scope.postMessage = (message) => {
      const posted = scope.posted as string[];
      if (message.type === "rows-batch") posted.push(`rows-batch ${message.rows?.length ?? -1}`);
      else if (message.type === "answer") posted.push(`answer ${message.answer?.kind}`);
      else if (message.type !== "progress") posted.push(message.type);
      post(message);
    };
  });
}
const posted = async () => (await inLoadWorkers(explorer.page, () => (globalThis as unknown as { posted?: string[] }).posted ?? [])).flat();

test("5,001 rows reach the page as batches of at most 2,000, each after the page took the one before, all of them, in file order", async () => {
  const { page } = explorer;
  const count = 5_001;
  const lines = Array.from({ length: count }, (_, i) => JSON.stringify({ prompt: `Where is order ${i}?`, final_text: "Shipped.", reward: i % 2 }));
  await recordReplies();
  await pickFile(page, "batched.jsonl", Buffer.from(`${lines.join("\n")}\n`));
  expect(await shownStat(page, "traces")).toBe(count);
  // Each batch only once the page took the one before.
  expect((await posted()).slice(0, 7)).toEqual(["rows-batch 2000", "taken", "rows-batch 2000", "taken", "rows-batch 1001", "taken", "explored"]);
  // The Rows tab has every row, the last one last.
  await page.locator('[data-tab="rows"]').click();
  await expect.poll(() => page.getByTestId("rows-count").getAttribute("data-kept")).toBe(String(count));
  await page.getByTestId("rows-search").fill("order 5000?");
  await expect.poll(() => page.getByTestId("rows-count").getAttribute("data-kept")).toBe("1");
  await expect.poll(() => page.locator('[data-testid="rows-grid"] tbody tr[data-row]').count()).toBe(1);
  expect(await page.locator('[data-testid="rows-grid"] tbody tr[data-row] td[data-col="prompt"]').textContent()).toBe("Where is order 5000?");
  expect(explorer.errors).toEqual([]);
});

test("every tab's question about all rows is answered in the trace reader, as the library answers it", async () => {
  const { page } = explorer;
  const raw = Array.from({ length: 300 }, (_, i) => ({
    prompt: `Refund order ${i}`,
    steps: [{ tool: "refund", arguments: { id: i }, result: i % 7 === 0 ? { status: "error", error: "timeout" } : { status: "ok" } }],
    final_text: "Done.",
    reward: i % 3 === 0 ? 0 : 1,
    task_id: `t${i % 40}`,
    model_version: "gpt-4o",
    usage: { input_tokens: 100 + i, output_tokens: 10 },
  }));
  await page.locator('[data-tab="report"]').click();
  await recordReplies();
  await pickFile(page, "asked.jsonl", Buffer.from(`${raw.map((r) => JSON.stringify(r)).join("\n")}\n`));
  await expect.poll(() => page.locator('[data-usage="input_tokens"]').getAttribute("data-value")).toBe(String(raw.reduce((s, r) => s + r.usage.input_tokens, 0)));

  await page.locator('[data-tab="rows"]').click();
  await page.getByTestId("filter-faulted_calls").fill("1");
  await expect.poll(() => page.getByTestId("rows-count").getAttribute("data-kept")).toBe(String(raw.filter((_, i) => i % 7 === 0).length));

  await page.locator('[data-tab="conversations"]').click();
  await page.getByTestId("sort-rows").selectOption("tokens");
  await expect.poll(() => page.getByTestId("rows-listed").getAttribute("data-listed")).toBe("300");
  // Most tokens first: the last row of the file.
  expect(await page.locator('.conversation-list button[data-row]').first().getAttribute("data-row")).toBe("299");

  await page.locator('[data-tab="split"]').click();
  const [production, remainder] = splitPseudoProduction(loadTraces(raw), { fraction: 0.2, seed: "0" });
  await expect.poll(() => page.locator('[data-stat="production"] dd').textContent()).toBe(String(production.length));
  expect(await page.locator('[data-stat="remainder"] dd').textContent()).toBe(String(remainder.length));

  const kinds = new Set((await posted()).filter((p) => p.startsWith("answer ")));
  expect(kinds).toEqual(new Set(["answer usage", "answer table", "answer list", "answer split"]));
  expect(explorer.errors).toEqual([]);
});

test("labels changed while the Rows tab is open: the table follows them, never an answer for the labels before", async () => {
  const { page } = explorer;
  const raw = Array.from({ length: 50 }, (_, i) => ({ prompt: `Question ${i}`, final_text: "Answer.", score: i < 20 ? 1 : 0 }));
  await pickFile(page, "relabelled.jsonl", Buffer.from(`${raw.map((r) => JSON.stringify(r)).join("\n")}\n`));
  await page.locator('[data-tab="rows"]').click();
  await page.getByTestId("filter-reward").fill("1");
  await expect.poll(() => page.getByTestId("rows-count").getAttribute("data-kept")).toBe("0");
  await page.getByTestId("reward-key").fill("score");
  await page.getByTestId("apply-labels").click();
  await expect.poll(() => page.getByTestId("rows-count").getAttribute("data-kept")).toBe("20");
  expect(await page.getByTestId("summary-reward").textContent()).toContain("1–1");
  expect(explorer.errors).toEqual([]);
});

test("a question the trace reader cannot answer gets its error back, so the questions queued after it still run", async () => {
  const fresh = await openExplorer();
  try {
    // A reader that has analysed no file yet: asked directly, as the page's queue would.
    const [replies] = await inLoadWorkers(fresh.page, async () => {
      const scope = globalThis as unknown as { postMessage: (m: unknown) => void; onmessage: (e: { data: unknown }) => Promise<void> };
      const got: unknown[] = [];
      scope.postMessage = (message) => got.push(message);
      await scope.onmessage({ data: { type: "ask", question: { kind: "split", fraction: 0.2, seed: "0" } } });
      await scope.onmessage({ data: { type: "relabel", labels: { rewardKey: [], threshold: null } } });
      return got;
    });
    expect(replies).toEqual([
      { type: "error", error: { message: "a question about rows with no analysis to answer it (the label settings do not fit the file)", source: "" } },
      { type: "error", error: { message: "relabel before any file was read", source: "" } },
    ]);
  } finally {
    await fresh.close();
  }
});
