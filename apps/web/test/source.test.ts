// Every file the explorer opens goes through @whileai/ingest's front door: the page shows the format
// it detected and what it dropped or read only in part, as the front door reports the same bytes in Node.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { describeFormat, PROBLEMS_LISTED } from "@whileai/ingest";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { ARTIFACTS, EXAMPLES_DIR, foreignRequests, openExplorer, type Explorer } from "./support/browser.js";
import { frontDoor, frontDoorError } from "./support/reference.js";
import { lossesAsShown, pickFile, problemsAsShown, shownSource, type ShownSource } from "./support/shown-source.js";

const row = (i: number) => ({
  prompt: `Where is order ${i}?`,
  steps: [{ tool: "lookup_order", arguments: { id: String(i) }, result: { status: "ok" } }],
  final_text: "Shipped.",
  reward: i % 2,
});
/** Lines joined as a file holds them; a string is written as is (a line that is not JSON). */
const jsonl = (lines: (string | object)[]) => Buffer.from(`${lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n")}\n`);
/** Line 2 is not JSON, line 3 not an object, line 4 no trace, line 5 not UTF-8; lines 1 and 6 are rows. */
const BAD_LINES = Buffer.concat([
  jsonl([row(1), "{not json", "5", "{}"]),
  Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a]),
  jsonl([row(2)]),
]);

/** The page's account of the file must be the front door's in Node, field for field. */
async function expectAsNode(page: Page, name: string, bytes: Buffer): Promise<ShownSource> {
  const { rows, report } = await frontDoor(name, bytes);
  const shown = await shownSource(page);
  expect([shown.format, shown.formatText]).toEqual([report.format, describeFormat(report.format)]);
  expect(shown.summary).toContain(`${rows.length} row${rows.length === 1 ? "" : "s"} read`);
  expect(shown.summary.includes(", gzip)")).toBe(report.gzip);
  expect({ losses: shown.losses, lost: shown.lost }).toEqual(lossesAsShown(report));
  expect(shown.problems).toEqual(problemsAsShown(report));
  return shown;
}

let explorer: Explorer;
beforeAll(async () => {
  explorer = await openExplorer();
});
afterAll(async () => {
  await explorer?.close();
});

describe("the explorer reads every file through the front door", () => {
  test("a JSON Lines file of rows: its format shown, nothing lost", async () => {
    const { page } = explorer;
    const bytes = jsonl([row(1), row(2), row(3)]);
    await pickFile(page, "rows.jsonl", bytes);
    const shown = await expectAsNode(page, "rows.jsonl", bytes);
    expect(shown.format).toBe("rows-jsonl");
    expect(shown.lost).toBe("none");
    await page.screenshot({ path: `${ARTIFACTS}source-rows.png` });
  });

  test("an OTLP/JSON export is told by its content, whatever its name", async () => {
    const { page } = explorer;
    const bytes = readFileSync(`${EXAMPLES_DIR}otel/genai.otlp.json`);
    await pickFile(page, "collector-export.txt", bytes);
    const shown = await expectAsNode(page, "collector-export.txt", bytes);
    expect(shown.format).toBe("otlp-json");
    expect(shown.formatText).toMatch(/^OpenTelemetry OTLP\/JSON: /);
    await page.screenshot({ path: `${ARTIFACTS}source-otlp-json.png` });
  });

  test("OTLP protobuf opens under a Content-Security-Policy that forbids eval", async () => {
    const { page } = explorer;
    const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
    expect(csp).toMatch(/script-src [^;]*'self'/);
    expect(csp).not.toContain("'unsafe-eval'");
    // Any code compiled from text while the file is read would be refused, and reported here.
    await page.evaluate(() => {
      const w = window as unknown as { evalViolations: string[] };
      w.evalViolations = [];
      document.addEventListener("securitypolicyviolation", (e) => w.evalViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const bytes = readFileSync(`${EXAMPLES_DIR}otel/genai.otlp.pb`);
    await pickFile(page, "export.pb", bytes);
    const shown = await expectAsNode(page, "export.pb", bytes);
    expect(shown.format).toBe("otlp-protobuf");
    expect(await page.evaluate(() => (window as unknown as { evalViolations: string[] }).evalViolations)).toEqual([]);
  });

  test("a gzip file is inflated in the page, and its bad lines are still named", async () => {
    const { page } = explorer;
    const bytes = gzipSync(BAD_LINES);
    await pickFile(page, "traces.jsonl.gz", bytes);
    const shown = await expectAsNode(page, "traces.jsonl.gz", bytes);
    expect(shown.summary).toContain(", gzip)");
    expect(shown.format).toBe("rows-jsonl");
    expect(shown.problems.map((p) => p.line)).toEqual(["2", "3", "4", "5"]);
  });

  test("gzipped OTLP JSON Lines: many records, one conversation", async () => {
    const { page } = explorer;
    const bytes = readFileSync(`${EXAMPLES_DIR}otel/genai.otlp.jsonl.gz`);
    await pickFile(page, "spans.bin", bytes);
    const shown = await expectAsNode(page, "spans.bin", bytes);
    expect(shown.format).toBe("otlp-jsonl");
    expect(shown.summary).toMatch(/1 row read from \d+ records/);
  });

  test("a file with bad lines: the loss in one sentence, and each line with its reason", async () => {
    const { page } = explorer;
    await page.locator('[data-tab="report"]').click();
    await pickFile(page, "bad-lines.jsonl", BAD_LINES);
    const shown = await expectAsNode(page, "bad-lines.jsonl", BAD_LINES);
    expect(shown.lost).toBe("some");
    expect(shown.losses).toMatch(/^bad-lines\.jsonl: dropped 2 lines not JSON \(lines 2, 5\)/);
    expect(shown.losses).toMatch(/kept 2 rows$/);
    expect(shown.problems.map((p) => [p.kind, p.line, p.cells[0]])).toEqual([
      ["dropped", "2", "line 2"],
      ["dropped", "3", "line 3"],
      ["dropped", "4", "line 4"],
      ["dropped", "5", "line 5"],
    ]);
    // The parser's own words say what is wrong with each bad line.
    expect(shown.problems[0].cells[3]).toMatch(/^invalid JSON/);
    expect(shown.problems[3].cells[3]).toMatch(/UTF-8/);
    // The losses sit with the file, so they stay in view on every tab.
    await page.locator('[data-tab="conversations"]').click();
    expect(await page.getByTestId("trace-losses").isVisible()).toBe(true);
    await page.locator('[data-tab="report"]').click();
    await page.screenshot({ path: `${ARTIFACTS}source-bad-lines.png` });
  });

  test("more problems than are listed: the first few listed, every one counted", async () => {
    const { page } = explorer;
    const bad = PROBLEMS_LISTED + 5;
    const bytes = jsonl([row(1), ...Array.from({ length: bad }, (_, i) => `{broken ${i}`)]);
    await pickFile(page, "many-bad.jsonl", bytes);
    const shown = await expectAsNode(page, "many-bad.jsonl", bytes);
    expect(shown.problems).toHaveLength(PROBLEMS_LISTED);
    expect(shown.losses).toContain(`${bad} lines not JSON`);
    expect(await page.locator(".losses summary").textContent()).toBe(`The first ${PROBLEMS_LISTED} of ${bad} problems (the counts above are complete)`);
  });

  test("an empty file reads as nothing to read, and says so", async () => {
    const { page } = explorer;
    const bytes = Buffer.alloc(0);
    await pickFile(page, "empty.jsonl", bytes);
    const shown = await expectAsNode(page, "empty.jsonl", bytes);
    expect(shown.format).toBe("empty");
    expect(shown.losses).toBe("empty.jsonl: empty, no rows");
  });

  test("a JSON document that does not parse: the error names the file, line and column", async () => {
    const { page } = explorer;
    const bytes = Buffer.from('[\n  {"prompt": "a", "steps": []},\n  {"prompt": "b",}\n]\n');
    await page.getByTestId("trace-file").setInputFiles({ name: "broken.json", mimeType: "application/json", buffer: bytes });
    const want = await frontDoorError("broken.json", bytes);
    expect([want.line, want.column]).toEqual([3, 18]);
    const error = page.getByTestId("load-error");
    // The reason after the place is the JSON parser's, in the browser engine's words.
    await expect.poll(() => error.textContent()).toMatch(/^broken\.json:3:18: invalid JSON \(/);
    expect([await error.getAttribute("data-line"), await error.getAttribute("data-column")]).toEqual(["3", "18"]);
  });

  test("the leakage scan's inputs show their format and losses too", async () => {
    const { page } = explorer;
    await page.locator('[data-tab="leakage"]').click();
    await page.getByTestId("generated-file").setInputFiles({ name: "generated-bad.jsonl", mimeType: "application/jsonl", buffer: BAD_LINES });
    await expect.poll(() => page.getByTestId("generated-summary").textContent()).toBe(`generated-bad.jsonl (${describeFormat("rows-jsonl")}): 2 rows`);
    const { report } = await frontDoor("generated-bad.jsonl", BAD_LINES);
    expect(await page.getByTestId("generated-losses").textContent()).toBe(lossesAsShown(report).losses);
    expect(await page.getByTestId("generated-problems").locator("tbody tr").count()).toBe(report.problems.length);
  });

  test("made no request beyond its own origin, and raised no page error", () => {
    expect(foreignRequests(explorer)).toEqual([]);
    expect(explorer.errors).toEqual([]);
  });
});
