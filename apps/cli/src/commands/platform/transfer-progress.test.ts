import { describe, expect, it } from "vitest";
import { transferProgress } from "./transfer-progress.js";

/** A stand-in terminal that records what the bar writes (cursor moves arrive as escape codes). */
function terminal(isTTY: boolean) {
  const chunks: string[] = [];
  return { stream: { isTTY, columns: 120, write: (chunk: string) => chunks.push(chunk) > 0 }, text: () => chunks.join("") };
}

describe("transferProgress", () => {
  it("draws bytes, size, rate and ETA of an upload on a terminal, and clears it at the end", () => {
    const tty = terminal(true);
    let clock = 0;
    const progress = transferProgress("pushing", tty.stream, () => clock);
    clock = 1000;
    progress.onProgress!({ bytes: 1_000_000, total: 4_000_000 });
    clock = 2000;
    progress.onProgress!({ bytes: 4_000_000, total: 4_000_000 });
    progress.stop();
    const text = tty.text();
    expect(text).toContain("pushing [");
    expect(text).toContain("25% | 1.0 MB of 4.0 MB | 1.0 MB/s | ETA");
    expect(text).toContain("100% | 4.0 MB of 4.0 MB | 2.0 MB/s | ETA 0s");
    expect(text).toContain("\u001b[");
  });

  it("shows bytes and rate when the size is unknown (a download)", () => {
    const tty = terminal(true);
    let clock = 0;
    const progress = transferProgress("pulling", tty.stream, () => clock);
    clock = 500;
    progress.onProgress!({ bytes: 2_500, total: null });
    progress.stop();
    expect(tty.text()).toContain("pulling 2.5 kB | 5.0 kB/s");
  });

  it("draws nothing and asks for no progress when stderr is not a terminal", () => {
    const pipe = terminal(false);
    const progress = transferProgress("pushing", pipe.stream);
    expect(progress.onProgress).toBeUndefined();
    progress.stop();
    expect(pipe.text()).toBe("");
  });
});
