import { describe, expect, it } from "vitest";
import { describeLosses, readTraces, TraceReadError } from "../index.js";

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

async function read(text: string, options = {}) {
  return readTraces(encode(text), { name: "t.csv", raw: true, ...options });
}

async function failure(text: string, options = {}): Promise<TraceReadError> {
  const error = await read(text, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(TraceReadError.isInstance(error)).toBe(true);
  return error as TraceReadError;
}

/** Splits bytes into chunks at seeded random places (cuts land inside quotes, CRLFs and multi-byte characters). */
function chunked(bytes: Uint8Array, seed: number): Uint8Array[] {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state;
  };
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; ) {
    const size = 1 + (next() % 7);
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

describe("CSV", () => {
  it("reads a header, quoted fields, embedded newlines and JSON text columns", async () => {
    const steps = JSON.stringify([{ user: "hi" }, { tool: "lookup", arguments: { id: 1 } }]).replaceAll('"', '""');
    const { rows, report } = await read(`prompt,steps,reward,flag,note\n"Where is ""A-1""?\nline two","${steps}",1,true,\nplain,[],0.5,False,x\n`);
    expect(rows).toEqual([
      { prompt: 'Where is "A-1"?\nline two', steps: [{ user: "hi" }, { tool: "lookup", arguments: { id: 1 } }], reward: 1, flag: true },
      { prompt: "plain", steps: [], reward: 0.5, flag: false, note: "x" },
    ]);
    expect(report).toMatchObject({ format: "csv", records: 2, rows: 2 });
  });

  it("gives canonical rows from the decoded columns", async () => {
    const { rows } = await readTraces(encode('prompt,steps,final_text,reward\nhi,"[{""user"": ""hi""}, {""text"": ""hello""}]",hello,1\n'));
    expect(rows).toEqual([{ prompt: "hi", steps: [{ user: "hi" }, { text: "hello" }], final_text: "hello", reward: 1 }]);
  });

  it("types a column by all its cells: one that is no number keeps the column text, and no integer is rounded", async () => {
    const { rows } = await read("prompt,n,id\na,1,1\nb,2,2\nc,12345678901234567890,n/a\n");
    expect(rows.map((r) => r.n)).toEqual([1, 2, "12345678901234567890"]);
    expect(rows.map((r) => r.id)).toEqual(["1", "2", "n/a"]);
    // A label column of 1/0 and true/false reads each cell as what it is.
    const labels = await read("prompt,reward\na,1\nb,false\nc,0.5\nd,True\n");
    expect(labels.rows.map((r) => r.reward)).toEqual([1, false, 0.5, true]);
  });

  it("reads TSV, CRLF and bare-CR files, a byte-order mark and a one-column file", async () => {
    const tsv = await read("prompt\treward\na, b\t1\n");
    expect(tsv.report.format).toBe("tsv");
    expect(tsv.rows).toEqual([{ prompt: "a, b", reward: 1 }]);
    for (const eol of ["\r\n", "\r"]) {
      const { rows } = await read(`prompt,reward${eol}a,1${eol}"b${eol}c",0${eol}`);
      expect(rows).toEqual([{ prompt: "a", reward: 1 }, { prompt: `b${eol}c`, reward: 0 }]);
    }
    expect((await read("\ufeffprompt\nhello\n")).rows).toEqual([{ prompt: "hello" }]);
  });

  it("names the line a record with the wrong number of fields starts on, across embedded newlines", async () => {
    const body = 'prompt,reward\n"a\nb",1\n\nc,1,extra\nd,0\n';
    const error = await failure(body);
    expect(error.message).toBe("t.csv:5: 3 fields where the header has 2");
    expect(error.line).toBe(5);
    const { rows, report } = await read(body, { onInvalid: "skip" });
    expect(rows.map((r) => r.prompt)).toEqual(["a\nb", "d"]);
    expect(report.dropped.unreadable).toBe(1);
    expect(report.problems).toEqual([{ kind: "dropped", reason: "wrong number of fields", line: 5, detail: "3 fields where the header has 2" }]);
    expect(describeLosses(report)).toBe("t.csv: dropped 1 line with the wrong number of fields (line 5); kept 2 rows");
  });

  it("stops at a quoted field that never closes, naming where it opened, even when skipping", async () => {
    for (const onInvalid of ["throw", "skip"] as const) {
      const error = await failure('prompt,reward\na,1\n"b,0\nc,1\n', { onInvalid });
      expect(error.message).toBe("t.csv:3: a quoted field opened here is never closed: the rest of the file is inside it");
    }
  });

  it("refuses a header that names a column twice, and text that is no table", async () => {
    expect((await failure("prompt,prompt\na,b\n")).message).toBe('t.csv:1: CSV header names the column "prompt" twice');
    expect((await failure("\nhello there\n")).message).toBe('t.csv:2: not JSON, JSON Lines, CSV, Parquet, Arrow or OTLP protobuf (the line starts with "hello there")');
  });

  it("reads the same rows and line numbers however the bytes are chunked (seeded)", async () => {
    const text = 'prompt,steps,reward\r\n"é ""q""\r\nnext",[],1\r\n"日本",[{""user"":""x""}],0\r\nbad,row\r\n';
    const whole = await read(text, { onInvalid: "skip" });
    for (let seed = 1; seed <= 40; seed++) {
      const parts = await readTraces(chunked(encode(text), seed), { name: "t.csv", raw: true, onInvalid: "skip" });
      expect({ seed, rows: parts.rows, problems: parts.report.problems }).toEqual({ seed, rows: whole.rows, problems: whole.report.problems });
    }
    expect(whole.report.problems[0].line).toBe(5);
  });

  it("streams a file of many batches with the right line numbers past each cut", async () => {
    const note = "x".repeat(300);
    const lines = ["prompt,note"];
    for (let i = 0; i < 4_000; i++) lines.push(i === 3_000 ? `p${i},"${note}\n${note}",extra` : `p${i},"${note}\n${note}"`);
    const { rows, report } = await read(lines.join("\n") + "\n", { onInvalid: "skip" });
    expect(rows.length).toBe(3_999);
    expect(rows[3_998].prompt).toBe("p3999");
    // Record i starts on line 2 + 2i: every record holds one embedded newline.
    expect(report.problems).toEqual([{ kind: "dropped", reason: "wrong number of fields", line: 2 + 2 * 3_000, detail: "3 fields where the header has 2" }]);
  });

  it("says a file that is not UTF-8 is not", async () => {
    const bytes = new Uint8Array([...encode("prompt\na\n"), 0xff, 0x0a]);
    const error = await readTraces(bytes, { name: "t.csv" }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(TraceReadError.isInstance(error) ? error.message : error).toBe("t.csv:3: not valid UTF-8 text");
  });
});
