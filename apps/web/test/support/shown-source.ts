/** What the page shows about the file it read: the detected format, the loss sentence, the problem table. */
import { describeLosses, type SourceReport } from "@whileai/ingest";
import type { Page } from "playwright-core";
import { expect } from "vitest";

export interface ShownSource {
  summary: string;
  /** The format name (`data-format`) and its description as shown. */
  format: string | null;
  formatText: string;
  losses: string;
  /** "none" or "some". */
  lost: string | null;
  problems: { kind: string | null; line: string | null; record: string | null; cells: unknown[] }[];
}

/** Opens bytes as a picked file and waits until the page shows that file (by exact name: a stale summary must not pass). */
export async function pickFile(page: Page, name: string, buffer: Buffer, testId = "trace-file"): Promise<void> {
  // The read must finish (its count goes up), then the page must show this file by its exact name.
  const source = page.getByTestId(testId.replace(/-file$/, "-source"));
  const before = Number(await source.getAttribute("data-reads"));
  await page.getByTestId(testId).setInputFiles({ name, mimeType: "application/octet-stream", buffer });
  await expect.poll(async () => Number(await source.getAttribute("data-reads"))).toBe(before + 1);
  if (testId === "trace-file") await expect.poll(() => page.getByTestId("file-summary").locator("strong").textContent()).toBe(name);
}

export async function shownSource(page: Page): Promise<ShownSource> {
  const format = page.getByTestId("file-format");
  const losses = page.getByTestId("trace-losses");
  const table = page.getByTestId("trace-problems");
  const problems =
    (await table.count()) === 0
      ? []
      : await table.locator("tbody tr").evaluateAll((trs) =>
          trs.map((tr) => ({
            kind: tr.getAttribute("data-kind"),
            line: tr.getAttribute("data-line"),
            record: tr.getAttribute("data-record"),
            cells: Array.from(tr.querySelectorAll("td"), (td) => td.textContent ?? ""),
          })),
        );
  return {
    summary: (await page.getByTestId("file-summary").textContent()) ?? "",
    format: await format.getAttribute("data-format"),
    formatText: (await format.textContent()) ?? "",
    losses: (await losses.textContent()) ?? "",
    lost: await losses.getAttribute("data-lost"),
    problems,
  };
}

/** The problem table the page must show for a front-door report computed in Node. */
export function problemsAsShown(report: SourceReport): ShownSource["problems"] {
  return report.problems.map((p) => ({
    kind: p.kind,
    line: p.line === undefined ? null : String(p.line),
    record: p.record === undefined ? null : String(p.record),
    cells: [
      p.line !== undefined ? `line ${p.line.toLocaleString("en-US")}` : p.record !== undefined ? `record ${p.record.toLocaleString("en-US")}` : "–",
      p.kind === "dropped" ? "dropped" : "read in part",
      p.reason,
      detailAsShown(p.detail),
    ],
  }));
}

/**
 * A parser's words are its engine's (Node's V8 and Chromium's differ by version): the page must
 * give the front door's detail, and for a JSON error that is "invalid JSON (...)" in either wording.
 */
function detailAsShown(detail: string | undefined): unknown {
  if (detail === undefined) return "";
  return detail.startsWith("invalid JSON (") ? expect.stringMatching(/^invalid JSON \(.+\)$/s) : detail;
}

/** The loss line the page must show: the front door's sentence, or the page's own "nothing lost". */
export function lossesAsShown(report: SourceReport): { losses: string; lost: string } {
  const sentence = describeLosses(report);
  return sentence === null ? { losses: "Nothing dropped or read in part.", lost: "none" } : { losses: sentence, lost: "some" };
}
