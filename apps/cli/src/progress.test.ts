import { describe, expect, it } from "vitest";
import type { ScanProgress } from "@whileai/hash-embed";
import { createScanProgressBar, formatEta, formatRate } from "./progress.js";

/** A stand-in terminal: records what the bar writes. readline's cursor calls write escape codes to it. */
function fakeTerminal(isTTY: boolean): { stream: { write(chunk: string): boolean; isTTY: boolean; columns: number }; text: () => string } {
  const chunks: string[] = [];
  return {
    stream: {
      isTTY,
      columns: 120,
      write(chunk: string) {
        chunks.push(chunk);
        return true;
      },
    },
    text: () => chunks.join(""),
  };
}

const progress = (rowsDone: number, rowsTotal: number, pairsPerSecond: number, etaSeconds: number | null): ScanProgress => ({
  rowsDone,
  rowsTotal,
  pairsDone: rowsDone * 10,
  pairsTotal: rowsTotal * 10,
  pairsPerSecond,
  elapsedSeconds: 1,
  etaSeconds,
});

describe("createScanProgressBar", () => {
  it("draws rows done, rate and ETA on a terminal", () => {
    const terminal = fakeTerminal(true);
    const bar = createScanProgressBar(terminal.stream, "scanning");
    expect(bar.enabled).toBe(true);
    bar.update(progress(0, 1000, 0, null));
    bar.update(progress(500, 1000, 2_500_000, 42));
    bar.update(progress(1000, 1000, 3_000_000, 0));
    bar.stop();
    bar.stop();
    const text = terminal.text();
    expect(text).toContain("scanning [");
    expect(text).toContain("0/1000 rows | - pairs/s | ETA -");
    expect(text).toContain("100% | 1000/1000 rows | 3.00M pairs/s | ETA 0s");
    // A terminal gets cursor movement, not one line per update.
    expect(text).toContain("\u001b[");
  });

  it("writes nothing when the stream is not a terminal", () => {
    const pipe = fakeTerminal(false);
    const bar = createScanProgressBar(pipe.stream);
    expect(bar.enabled).toBe(false);
    bar.update(progress(5, 10, 100, 1));
    bar.stop();
    expect(pipe.text()).toBe("");
  });

  it("stop before any update draws nothing", () => {
    const terminal = fakeTerminal(true);
    createScanProgressBar(terminal.stream).stop();
    expect(terminal.text()).toBe("");
  });
});

describe("formatRate", () => {
  it.each([
    [0, "- pairs/s"],
    [Number.NaN, "- pairs/s"],
    [950, "950 pairs/s"],
    [12_345, "12.35k pairs/s"],
    [2_500_000, "2.50M pairs/s"],
    [1.5e9, "1.50G pairs/s"],
  ])("%d -> %s", (rate, text) => expect(formatRate(rate)).toBe(text));
});

describe("formatEta", () => {
  it.each([
    [null, "-"],
    [Number.POSITIVE_INFINITY, "-"],
    [0.4, "0s"],
    [42, "42s"],
    [185, "3m05s"],
    [3720, "1h02m"],
  ])("%s -> %s", (seconds, text) => expect(formatEta(seconds)).toBe(text));
});
