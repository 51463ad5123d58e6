// Every bundled example, opened in the page the way a user opens a file: the numbers the page
// shows must be `traceReport`'s on the same file, computed here in Node.
import { readFileSync, writeFileSync } from "node:fs";
import { describeFormat } from "@whileai/ingest";
import { inferHarness, loadTraces, splitPseudoProduction } from "@whileai/traces/node";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ARTIFACTS, EXAMPLES_DIR, foreignRequests, inLoadWorkers, loadWorkers, openExplorer, type Explorer } from "./support/browser.js";
import { exampleFiles, frontDoor, frontDoorError, rawRows, referenceReport, type LabelOptions } from "./support/reference.js";
import { expectReportShown, number, shownStat } from "./support/shown-report.js";
import { lossesAsShown, pickFile, problemsAsShown, shownSource } from "./support/shown-source.js";
import type { Page } from "playwright-core";

/** examples/README.md: the rubric file is read with its `score` column and a 0.5 bar. */
const LABELS: Record<string, LabelOptions> = { "graded-by-score.jsonl": { rewardKey: "score", threshold: 0.5 } };
/** Formats pinned by hand, so a detection that went wrong in Node and the page alike still fails. */
const FORMATS: Record<string, string> = {
  "support-canonical.jsonl": "rows-jsonl",
  "openai-messages.jsonl": "messages-jsonl",
  "otel/genai.otlp.json": "otlp-json",
  "otel/genai.otlp.jsonl.gz": "otlp-jsonl",
  "otel/genai.otlp.pb": "otlp-protobuf",
  "tabular/support-canonical.parquet": "parquet",
  "tabular/support-canonical.csv": "csv",
  "tabular/support-canonical.arrow": "arrow-file",
};

/** Formats `rawRows` reads on its own, without the front door. */
const SECOND_READER = new Set(["rows-jsonl", "messages-jsonl", "otlp-json", "otlp-jsonl", "otlp-protobuf"]);

async function setLabels(page: Page, labels: LabelOptions) {
  await page.getByTestId("reward-key").fill(labels.rewardKey ?? "");
  await page.getByTestId("threshold-bar").fill(labels.threshold === undefined ? "" : String(labels.threshold));
  await page.getByTestId("apply-labels").click();
}

async function openFile(page: Page, name: string) {
  // Wait for this read to finish: the same file opened again shows the same name before it is read.
  const source = page.getByTestId("trace-source");
  const before = Number(await source.getAttribute("data-reads"));
  await page.getByTestId("trace-file").setInputFiles(`${EXAMPLES_DIR}${name}`);
  await expect.poll(async () => Number(await source.getAttribute("data-reads"))).toBe(before + 1);
  // The exact name: a summary of the file before (genai.otlp.json before genai.otlp.jsonl.gz) must not pass.
  await expect.poll(() => page.getByTestId("file-summary").locator("strong").textContent()).toBe(name.split("/").pop());
}

let explorer: Explorer;
beforeAll(async () => {
  explorer = await openExplorer();
});
afterAll(async () => {
  await explorer?.close();
});

describe("the trace report in the browser", () => {
  const files = exampleFiles(EXAMPLES_DIR);

  test("finds the bundled examples", () => {
    expect(files).toContain("support-canonical.jsonl");
    expect(files).toContain("otel/genai.otlp.pb");
    expect(files).toContain("otel/genai.otlp.jsonl.gz");
    expect(files).toContain("tabular/support-canonical.parquet");
  });

  test.each(files)("%s: the page shows traceReport's numbers", async (name) => {
    const { page } = explorer;
    const labels = LABELS[name] ?? {};
    await page.locator('[data-tab="report"]').click();
    await setLabels(page, labels);
    await openFile(page, name);
    const door = await frontDoor(name.split("/").pop() as string, readFileSync(`${EXAMPLES_DIR}${name}`));
    // Row and OTLP files are read a second way here (readJsonl, readOtlpFile), which checks the front
    // door too; a session family (examples/captures/) or a table (examples/tabular/, checked against its JSON
    // Lines source in tabular.test.ts) has no second reader here, so its rows are the front door's.
    const raw = SECOND_READER.has(door.report.format) ? await rawRows(`${EXAMPLES_DIR}${name}`) : door.rows;
    const want = referenceReport(raw, labels);

    await expect.poll(() => page.getByTestId("file-summary").textContent()).toContain(`${raw.length} row${raw.length === 1 ? "" : "s"} read`);
    // The format and the losses are the front door's, as Node reads the same bytes.
    const { report } = door;
    if (name in FORMATS) expect(report.format).toBe(FORMATS[name]);
    const shown = await shownSource(page);
    expect([shown.format, shown.formatText]).toEqual([report.format, describeFormat(report.format)]);
    expect(shown.summary.includes(", gzip)")).toBe(report.gzip);
    expect({ losses: shown.losses, lost: shown.lost }).toEqual(lossesAsShown(report));
    expect(shown.problems).toEqual(problemsAsShown(report));
    await expectReportShown(page, want, report);
    await page.screenshot({ path: `${ARTIFACTS}report-${name.replace(/\//g, "_")}.png` });
  });

  test("conversations, harness and holdout split agree with Node on support-canonical.jsonl", async () => {
    const { page } = explorer;
    await setLabels(page, {});
    await openFile(page, "support-canonical.jsonl");
    const rows = loadTraces(await rawRows(`${EXAMPLES_DIR}support-canonical.jsonl`));

    await page.locator('[data-tab="conversations"]').click();
    await expect.poll(() => page.getByTestId("conversations").textContent()).toContain(`${rows.length} of ${rows.length} rows`);
    await page.locator('button[data-row="3"]').click();
    const conversation = page.getByTestId("conversation");
    await expect.poll(() => conversation.getAttribute("data-row")).toBe("3");
    expect(await conversation.locator(".prompt").textContent()).toBe(rows[3].prompt);
    expect(await conversation.locator(".final-text").textContent()).toBe(rows[3].final_text);
    expect(await conversation.locator(".steps > li").count()).toBe(rows[3].steps.length);
    await page.screenshot({ path: `${ARTIFACTS}conversation.png` });

    await page.locator('[data-tab="harness"]').click();
    expect(JSON.parse((await page.getByTestId("harness-json").textContent()) ?? "")).toEqual(inferHarness(rows).tools);
    await page.screenshot({ path: `${ARTIFACTS}harness.png` });

    await page.locator('[data-tab="split"]').click();
    await page.getByTestId("split-fraction").fill("0.25");
    await page.getByTestId("split-seed").fill("7");
    const [production, remainder] = splitPseudoProduction(rows, { fraction: 0.25, seed: "7" });
    await expect.poll(async () => number(await page.locator('[data-stat="production"] dd').textContent())).toBe(production.length);
    expect(number(await page.locator('[data-stat="remainder"] dd').textContent())).toBe(remainder.length);
    expect(await page.getByTestId("split-rows").locator("tbody tr").count()).toBe(Math.min(100, production.length));
    await page.screenshot({ path: `${ARTIFACTS}split.png` });
  });

  test("a bundled example loads with the button, from the app's own origin", async () => {
    const { page } = explorer;
    await page.locator('[data-tab="report"]').click();
    await page.getByTestId("trace-example").selectOption("graded-by-score.jsonl");
    await page.getByTestId("trace-load-example").click();
    await expect.poll(() => page.getByTestId("file-summary").locator("strong").textContent()).toBe("graded-by-score.jsonl");
    // The example brings its label settings, as examples/README.md says to read it.
    await expect.poll(() => page.getByTestId("reward-key").inputValue()).toBe("score");
    const want = referenceReport(await rawRows(`${EXAMPLES_DIR}graded-by-score.jsonl`), LABELS["graded-by-score.jsonl"]);
    expect(number(await page.locator('[data-stat="passes"] dd').textContent())).toBe(want.passes);
    await page.screenshot({ path: `${ARTIFACTS}report.png`, fullPage: false });
    if (process.env.UPDATE_SCREENSHOT === "1") writeFileSync(new URL("../../../docs/web-explorer.png", import.meta.url), readFileSync(`${ARTIFACTS}report.png`));
  });

  test("lines that are not JSON and rows that are not traces are counted and named, never dropped silently", async () => {
    const { page } = explorer;
    await page.locator('[data-tab="report"]').click();
    await setLabels(page, {});
    const good = { prompt: "Where is order 12?", steps: [{ tool: "lookup_order", arguments: { id: "12" }, result: { status: "ok" } }], final_text: "Shipped.", reward: 1 };
    const lines = [JSON.stringify(good), "{not json", "5", "{}", "", JSON.stringify({ ...good, prompt: "Cancel order 9", reward: 0 })];
    const bytes = Buffer.from(lines.join("\n"));
    await pickFile(page, "mixed.jsonl", bytes);
    const want = referenceReport([good, 5, {}, { ...good, prompt: "Cancel order 9", reward: 0 }], {});
    expect(want.dropped).toBe(2);
    const { report } = await frontDoor("mixed.jsonl", bytes);
    // Three lost: the line that is not JSON (the front door's) and the two rows that are not traces (traceReport's).
    await expectReportShown(page, want, report);
    expect(await shownStat(page, "dropped")).toBe(3);
    expect(await page.locator('[data-stat="dropped"] dd small').textContent()).toBe(" 1 unreadable, 2 not traces");
    // The bad line and both dropped rows are each named by line, above the report.
    const shown = await shownSource(page);
    expect(shown.problems.map((p) => [p.kind, p.line])).toEqual([["dropped", "2"], ["dropped", "3"], ["dropped", "4"]]);
    expect(shown.losses).toMatch(/line 2\b/);
    expect({ losses: shown.losses, lost: shown.lost }).toEqual(lossesAsShown(report));
  });

  test("the label warnings and the text report point at the page's boxes, not at Python's reward_key= and threshold=", async () => {
    const { page } = explorer;
    await page.locator('[data-tab="report"]').click();
    await setLabels(page, {});
    const rows = [
      { prompt: "Where is order 12?", final_text: "Shipped.", score: 0.7 },
      { prompt: "Cancel order 9", final_text: "Done.", reward: 0.5 },
      { prompt: "Refund order 3", final_text: "Refunded.", qwen_reward: 1 },
    ];
    await pickFile(page, "labels.jsonl", Buffer.from(rows.map((r) => JSON.stringify(r)).join("\n")));
    const warnings = page.getByTestId("warnings").locator("li");
    await expect.poll(() => warnings.count()).toBe(3);
    const shown = await warnings.allTextContents();
    expect(shown[0]).toBe(
      "1 row carry no label under reward, but they do carry numbers: score (on 1 row). If one of those is your grader's score, name it in the label column(s) box above (and set a pass bar unless it is 0/1).",
    );
    expect(shown[1]).toMatch(/^1 row carry a label that is not 0 or 1 \(reward=0\.5\)\. .* set a pass bar above to read them as labels\.$/);
    expect(shown[2]).toBe(
      "1 row are labelled only by qwen_reward, a key named after one model that this path reads for one more release. Name the column instead: type qwen_reward in the label column(s) box above.",
    );
    const text = (await page.getByTestId("report-text").textContent()) ?? "";
    expect(text).toContain("warning: 1 row are labelled only by qwen_reward");
    expect(text.endsWith("grid emphasis: computed against the agent's tools at simulate time (these traces call no tool to aim it at)")).toBe(true);
    for (const python of [...shown, text]) expect(python).not.toMatch(/reward_key|threshold=|tools=|load_traces|trace_report/);
  });

  test("a file dropped on the drop zone is read like an opened one", async () => {
    const { page } = explorer;
    await setLabels(page, {});
    const text = readFileSync(`${EXAMPLES_DIR}otel/genai.otlp.json`, "utf8");
    const transfer = await page.evaluateHandle((body) => {
      const data = new DataTransfer();
      data.items.add(new File([body], "dropped.otlp.json", { type: "application/json" }));
      return data;
    }, text);
    await page.locator(".file-source").first().dispatchEvent("drop", { dataTransfer: transfer });
    await expect.poll(() => page.getByTestId("file-summary").textContent()).toContain("dropped.otlp.json");
    const shown = await shownSource(page);
    expect([shown.format, shown.formatText]).toEqual(["otlp-json", describeFormat("otlp-json")]);
    expect(shown.formatText).toMatch(/^OpenTelemetry OTLP\/JSON: /);
    expect(shown.summary).toContain(`${describeFormat("otlp-json")}, 1 row read`);
    const want = referenceReport(await rawRows(`${EXAMPLES_DIR}otel/genai.otlp.json`), {});
    expect(number(await page.locator('[data-stat="traces"] dd').textContent())).toBe(want.traces);
  });

  test("a file that is not traces gets the front door's error, naming the file and the line", async () => {
    const { page } = explorer;
    const bytes = Buffer.from("just some notes\nnot json\n");
    await page.getByTestId("trace-file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: bytes });
    const want = await frontDoorError("notes.txt", bytes);
    await expect.poll(() => page.getByTestId("load-error").textContent()).toBe(want.message);
    expect(want.message).toMatch(/^notes\.txt:1: /);
    expect(await page.getByTestId("load-error").getAttribute("data-line")).toBe("1");
  });

  test("a file that fails replaces the report of the file before, rather than sitting above it", async () => {
    const { page } = explorer;
    await page.locator('[data-tab="report"]').click();
    await setLabels(page, {});
    await openFile(page, "support-canonical.jsonl");
    await page.getByTestId("report").waitFor();
    const bytes = Buffer.from("[1, 2,\n");
    const before = Number(await page.getByTestId("trace-source").getAttribute("data-reads"));
    await page.getByTestId("trace-file").setInputFiles({ name: "broken.json", mimeType: "application/json", buffer: bytes });
    await expect.poll(async () => Number(await page.getByTestId("trace-source").getAttribute("data-reads"))).toBe(before + 1);
    expect(await page.getByTestId("load-error").textContent()).toBe((await frontDoorError("broken.json", bytes)).message);
    // Nothing of support-canonical.jsonl is left: no summary, no report, the empty page's hint.
    expect(await page.getByTestId("file-summary").count()).toBe(0);
    expect(await page.getByTestId("report").count()).toBe(0);
    expect(await page.locator("main .empty").count()).toBe(1);
    await page.screenshot({ path: `${ARTIFACTS}load-error.png` });
    // A good file afterwards clears the error.
    await openFile(page, "support-canonical.jsonl");
    expect(await page.getByTestId("load-error").count()).toBe(0);
  });

  test("with one row per task, the per-task bars give way to one sentence with the same counts", async () => {
    const { page } = explorer;
    await page.locator('[data-tab="report"]').click();
    await setLabels(page, {});
    const rows = [
      { prompt: "Where is order 12?", final_text: "Shipped.", reward: 1 },
      { prompt: "Cancel order 9", final_text: "Done.", reward: 0 },
      { prompt: "Refund order 3", final_text: "Refunded.", reward: 1 },
      { prompt: "Change the address of order 4", final_text: "Changed." },
    ];
    await pickFile(page, "one-per-task.jsonl", Buffer.from(rows.map((r) => JSON.stringify(r)).join("\n")));
    const want = referenceReport(rows, {});
    expect(await page.getByTestId("one-row-per-task").textContent()).toBe(
      `Each of the 4 tasks has one row (${want.passes} passed, ${want.fails} failed, ${want.ungraded} ungraded), so per-task bars and pass rates would only repeat each row's label. Rows are one task when they share a scenario_id, else a task_id, else the same prompt.`,
    );
    expect(await page.getByTestId("chart-task-labels").count()).toBe(0);
    expect(await page.getByTestId("chart-pass-rate").count()).toBe(0);
    // Two rows of one task bring the chart back.
    await pickFile(page, "two-per-task.jsonl", Buffer.from([...rows, rows[1]].map((r) => JSON.stringify(r)).join("\n")));
    expect(await page.getByTestId("chart-task-labels").count()).toBe(1);
    expect(await page.getByTestId("one-row-per-task").count()).toBe(0);
  });

  test("a file being read shows how far the read got; the page answers meanwhile; Cancel stops the read and keeps the file before", async () => {
    const { page } = explorer;
    await page.locator('[data-tab="report"]').click();
    await setLabels(page, {});
    await openFile(page, "support-canonical.jsonl");
    // 3 MiB of rows; in the trace reader, every read past the first MiB waits until the test opens the gate.
    const line = JSON.stringify({ prompt: `Where is order ${"1".repeat(200)}?`, final_text: "Shipped.", reward: 1 });
    const bytes = Buffer.from(Array.from({ length: Math.ceil((3 << 20) / (line.length + 1)) }, () => line).join("\n"));
    const gate = () => {
      const w = globalThis as unknown as { openReads: () => void };
      const opened = new Promise<void>((resolve) => (w.openReads = resolve));
      const slice = File.prototype.slice;
      File.prototype.slice = function (this: File, start?: number, end?: number, type?: string) {
        const piece = slice.call(this, start, end, type);
        if (!this.name.startsWith("gated") || (start ?? 0) === 0) return piece;
        return { arrayBuffer: () => opened.then(() => piece.arrayBuffer()) } as unknown as Blob;
      };
    };
    await inLoadWorkers(page, gate);
    await page.getByTestId("trace-file").setInputFiles({ name: "gated.jsonl", mimeType: "application/jsonl", buffer: bytes });
    const progress = page.getByTestId("trace-reading").locator("progress");
    await expect.poll(() => progress.getAttribute("value")).toBe(String(1 << 20));
    expect(Number(await progress.getAttribute("max"))).toBe(bytes.length);
    expect(await page.getByTestId("trace-reading").textContent()).toContain(`reading gated.jsonl: 1.0 MB of ${(bytes.length / 1024 / 1024).toFixed(1)} MB`);
    await page.screenshot({ path: `${ARTIFACTS}reading-progress.png` });
    // The read is in a worker: the page switches tabs while it waits.
    await page.locator('[data-tab="harness"]').click();
    await expect.poll(() => page.locator('[data-tab="harness"]').getAttribute("aria-selected")).toBe("true");
    await page.locator('[data-tab="report"]').click();
    // Cancel: the read stops at once (its reader is ended and a fresh one started), and the file
    // before is still the one shown.
    const [cancelled] = await loadWorkers(page);
    const ended = cancelled.waitForEvent("close");
    const fresh = page.waitForEvent("worker", { predicate: (w) => /\/load\.worker[-.]/.test(w.url()) });
    await page.getByTestId("trace-cancel-read").click();
    await expect.poll(() => page.getByTestId("trace-reading").count()).toBe(0);
    expect(await page.getByTestId("file-summary").locator("strong").textContent()).toBe("support-canonical.jsonl");
    expect(await page.getByTestId("load-error").count()).toBe(0);
    // A fresh reader took the cancelled one's place: the same file, gated again, reads to the end once opened.
    await ended;
    await (await fresh).evaluate(gate);
    expect(await loadWorkers(page)).toHaveLength(1);
    await page.getByTestId("trace-file").setInputFiles({ name: "gated-again.jsonl", mimeType: "application/jsonl", buffer: bytes });
    await expect.poll(() => progress.getAttribute("value")).toBe(String(1 << 20));
    await inLoadWorkers(page, () => (globalThis as unknown as { openReads: () => void }).openReads());
    await expect.poll(() => page.getByTestId("file-summary").locator("strong").textContent()).toBe("gated-again.jsonl");
    expect(await page.getByTestId("trace-reading").count()).toBe(0);
    expect(await shownStat(page, "traces")).toBe(bytes.toString().split("\n").length);
  });

  test("made no request beyond its own origin, and raised no page error", () => {
    expect(explorer.requests.length).toBeGreaterThan(3);
    expect(foreignRequests(explorer)).toEqual([]);
    expect(explorer.errors).toEqual([]);
  });
});
