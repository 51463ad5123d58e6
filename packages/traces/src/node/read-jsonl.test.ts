import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { JsonlLineError } from "./jsonl-line-error.js";
import { readJsonl, type ReadJsonlOptions } from "./read-jsonl.js";

const dir = mkdtempSync(join(tmpdir(), "read-jsonl-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function file(content: string | Uint8Array): string {
  const path = join(dir, `f${n++}.jsonl`);
  writeFileSync(path, content);
  return path;
}

async function read(path: string | URL, options?: ReadJsonlOptions): Promise<unknown[]> {
  const values: unknown[] = [];
  for await (const value of readJsonl(path, options)) values.push(value);
  return values;
}

async function failure(path: string): Promise<JsonlLineError> {
  try {
    await read(path);
  } catch (error) {
    if (JsonlLineError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("no error");
}

describe("readJsonl", () => {
  it("yields each line's value, skipping blank and whitespace-only lines", async () => {
    const path = file('{"a": 1}\n\n   \n[1, 2]\n"s"\n7\nnull\n');
    expect(await read(path)).toEqual([{ a: 1 }, [1, 2], "s", 7, null]);
  });

  it("accepts Python's NaN and Infinity and strips Python whitespace", async () => {
    const path = file('{"x": NaN, "y": -Infinity}\n\u00a0\u3000{"z": 1}\u2028\n\x1c\n');
    expect(await read(path)).toEqual([{ x: NaN, y: -Infinity }, { z: 1 }]);
  });

  it("ends lines at \\n, \\r\\n and a lone \\r, and reads a last line without a newline", async () => {
    const path = file('{"a": 1}\r\n{"b": 2}\r{"c": 3}\n\r\n{"d": 4}');
    expect(await read(path)).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }, { d: 4 }]);
  });

  it("names the file and the 1-based line, blank lines counted", async () => {
    const path = file('{"a": 1}\r\n\r\n{"b": 2}\rnot json\n{"c": 3}\n');
    const error = await failure(path);
    expect(error.line).toBe(4);
    expect(error.file).toBe(path);
    expect(error.name).toBe("JsonlLineError");
    expect(error.message).toMatch(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:4: invalid JSON`));
    expect(error).toBeInstanceOf(Error);
  });

  it("rejects text Python's json.loads rejects", async () => {
    for (const bad of ["{'a': 1}", "[1,]", "1 2", "nan", "{\"a\": 1} x"]) {
      const error = await failure(file(`{"ok": 1}\n${bad}\n`));
      expect(error.line, bad).toBe(2);
    }
  });

  it("skips and reports invalid lines with onInvalid: skip, and returns a summary", async () => {
    const path = file('bad\n{"a": 1}\n\n{oops\n[2]\n');
    const skipped: number[] = [];
    const iterator = readJsonl(path, { onInvalid: "skip", onSkip: (error) => skipped.push(error.line) });
    const values: unknown[] = [];
    let step = await iterator.next();
    while (!step.done) {
      values.push(step.value);
      step = await iterator.next();
    }
    expect(values).toEqual([{ a: 1 }, [2]]);
    expect(skipped).toEqual([1, 4]);
    expect(step.value).toEqual({ lines: 5, invalid: 2 });
  });

  it("treats a line that is not UTF-8 as invalid", async () => {
    const bytes = new Uint8Array([...Buffer.from('{"a": 1}\n"'), 0xff, 0xfe, ...Buffer.from('"\n{"b": 2}\n')]);
    const path = file(bytes);
    expect((await failure(path)).line).toBe(2);
    expect(await read(path, { onInvalid: "skip" })).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it("accepts a byte-order mark at the start of the file only", async () => {
    expect(await read(file('\ufeff{"a": 1}\n{"b": 2}\n'))).toEqual([{ a: 1 }, { b: 2 }]);
    expect((await failure(file('{"a": 1}\n\ufeff{"b": 2}\n'))).line).toBe(2);
  });

  it("streams a file many chunks long, with lines and \\r\\n pairs split across chunks", async () => {
    const rows = Array.from({ length: 6000 }, (_, i) => ({ i, text: "é".repeat(i % 97), pad: "x".repeat((i * 7919) % 300) }));
    const text = rows.map((row) => JSON.stringify(row)).join("\r\n") + "\r\n";
    const path = file(text);
    expect(Buffer.byteLength(text)).toBeGreaterThan(4 * 65536);
    expect(await read(path)).toEqual(rows);
  });

  it("counts a \\r\\n split exactly at the 64 KiB chunk boundary as one line end", async () => {
    const first = `"${"a".repeat(65533)}"`; // 65535 bytes: its \r is the chunk's last byte
    expect((await failure(file(`${first}\r\nbad\n`))).line).toBe(2);
    expect((await failure(file(`${first}\r\r\nbad\n`))).line).toBe(3);
    expect((await failure(file(`${first}\rbad\n`))).line).toBe(2);
  });

  it("keeps one line longer than a chunk whole", async () => {
    const long = { s: "y".repeat(200_000) };
    expect(await read(file(`${JSON.stringify(long)}\n{"after": true}`))).toEqual([long, { after: true }]);
  });

  it("reads a file URL, and an empty file as no values", async () => {
    const path = file("[1]\n");
    expect(await read(pathToFileURL(path))).toEqual([[1]]);
    expect(await read(file(""))).toEqual([]);
  });

  it("rejects a missing file and a bad option", async () => {
    await expect(read(join(dir, "missing.jsonl"))).rejects.toThrow(/ENOENT/);
    await expect(read(file("1\n"), { onInvalid: "ignore" as never })).rejects.toThrow(/readJsonl: option onInvalid/);
  });

  it("stops when aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(read(file("1\n"), { signal: controller.signal })).rejects.toThrow(/abort/i);
  });
});

describe("JsonlLineError", () => {
  it("is recognised by its marker, not by identity", () => {
    const error = new JsonlLineError({ file: "a.jsonl", line: 3, reason: "invalid JSON" });
    expect(error.message).toBe("a.jsonl:3: invalid JSON");
    expect(JsonlLineError.isInstance(error)).toBe(true);
    expect(JsonlLineError.isInstance({ [Symbol.for("@whileai/traces/JsonlLineError")]: true })).toBe(true);
    expect(JsonlLineError.isInstance(new Error("a.jsonl:3: invalid JSON"))).toBe(false);
    expect(JsonlLineError.isInstance(null)).toBe(false);
  });
});
