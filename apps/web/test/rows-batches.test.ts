// A large file's rows cross from the trace reader to the page in batches (load-protocol.ts
// `rows-batch`), never as one structured clone that would hold the page's thread: every row
// arrives, in order, and the page shows them all.
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

test("5,001 rows reach the page as batches of at most 2,000, all of them, in file order", async () => {
  const { page } = explorer;
  const count = 5_001;
  const lines = Array.from({ length: count }, (_, i) => JSON.stringify({ prompt: `Where is order ${i}?`, final_text: "Shipped.", reward: i % 2 }));
  // In the trace reader: the size of every batch it posts.
  await inLoadWorkers(page, () => {
    const scope = globalThis as unknown as { postMessage: (m: { type: string; rows?: unknown[] }) => void; batchSizes: number[] };
    const post = scope.postMessage.bind(scope);
    scope.batchSizes = [];
    scope.postMessage = (message) => {
      if (message.type === "rows-batch") scope.batchSizes.push(message.rows?.length ?? -1);
      post(message);
    };
  });
  await pickFile(page, "batched.jsonl", Buffer.from(`${lines.join("\n")}\n`));
  const [sizes] = await inLoadWorkers(page, () => (globalThis as unknown as { batchSizes: number[] }).batchSizes);
  expect(sizes).toEqual([2_000, 2_000, 1_001]);
  expect(await shownStat(page, "traces")).toBe(count);
  // The Rows tab (built when first shown) has every row, the last one last.
  await page.locator('[data-tab="rows"]').click();
  await expect.poll(() => page.getByTestId("rows-count").getAttribute("data-kept")).toBe(String(count));
  await page.getByTestId("rows-search").fill("order 5000?");
  await expect.poll(() => page.getByTestId("rows-count").getAttribute("data-kept")).toBe("1");
  expect(explorer.errors).toEqual([]);
});
