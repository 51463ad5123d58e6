import { describe, expect, it } from "vitest";
import { readOtlpJsonLines, type ReadOtlpJsonLinesOptions } from "./jsonl.js";
import { OtlpDecodeError } from "./otlp-decode-error.js";

async function readAll(source: Parameters<typeof readOtlpJsonLines>[0], options?: ReadOtlpJsonLinesOptions) {
  const gen = readOtlpJsonLines(source, options);
  const values: unknown[] = [];
  for (;;) {
    const next = await gen.next();
    if (next.done) return { values, summary: next.value };
    values.push(next.value);
  }
}

const LINE = (n: number) => `{"resourceSpans":[{"scopeSpans":[{"spans":[{"name":"s${n}","startTimeUnixNano":1767225600123456789}]}]}]}`;

describe("readOtlpJsonLines", () => {
  it("yields one object a line, 64-bit exact, skipping blank lines and CRLF", async () => {
    const { values, summary } = await readAll(`${LINE(1)}\r\n\n  \n${LINE(2)}`);
    expect(values).toHaveLength(2);
    expect((values[1] as any).resourceSpans[0].scopeSpans[0].spans[0]).toEqual({ name: "s2", startTimeUnixNano: "1767225600123456789" });
    expect(summary).toEqual({ lines: 4, objects: 2, skipped: 0 });
  });

  it("joins lines and UTF-8 characters split across byte chunks", async () => {
    const text = `\uFEFF${LINE(1)}\n{"resourceSpans":[],"note":"é🌍"}\n`;
    const bytes = new TextEncoder().encode(text);
    const chunks = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1)); // one byte each
    const { values, summary } = await readAll(chunks);
    expect(values[1]).toEqual({ resourceSpans: [], note: "é🌍" });
    expect(summary).toEqual({ lines: 2, objects: 2, skipped: 0 });
  });

  it("reads async iterables", async () => {
    async function* source() {
      yield LINE(1).slice(0, 10);
      yield `${LINE(1).slice(10)}\n${LINE(2)}`;
    }
    expect((await readAll(source())).values).toHaveLength(2);
  });

  it("throws naming the bad line", async () => {
    const error = await readAll(`${LINE(1)}\n\n{"resourceSpans": [}\n${LINE(2)}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OtlpDecodeError);
    expect((error as OtlpDecodeError).message).toMatch(/^OTLP JSON Lines: line 3 column 20: /);
    expect((error as OtlpDecodeError).format).toBe("jsonl");
  });

  it("skips and counts bad lines when asked", async () => {
    const bad: number[] = [];
    const text = `${LINE(1)}\nnot json\n[1]\n${LINE(2)}\n{"truncated":`;
    const { values, summary } = await readAll(text, { skipBadLines: true, onBadLine: (e) => bad.push(e.line ?? -1) });
    expect(values).toHaveLength(2);
    expect(summary).toEqual({ lines: 5, objects: 2, skipped: 3 });
    expect(bad).toEqual([2, 3, 5]);
  });

  it("stops at invalid UTF-8 even when skipping", async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode(`${LINE(1)}\n{"a":"`), 0xff, 0x22, 0x7d]);
    await expect(readAll([bytes], { skipBadLines: true })).rejects.toThrow("OTLP JSON Lines: line 1 or later: invalid UTF-8");
  });

  it("reads nothing from empty input", async () => {
    expect(await readAll("")).toEqual({ values: [], summary: { lines: 0, objects: 0, skipped: 0 } });
  });
});
