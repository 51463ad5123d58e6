import { describe, expect, it } from "vitest";
import { rowsFromOtel } from "../rows-from-otel.js";
import { jsonErrorOffset, lineColumn } from "./json-error-position.js";
import { parseOtlpJson } from "./json.js";
import { OtlpDecodeError } from "./otlp-decode-error.js";

// As in opentelemetry-proto's examples/trace.json: bare numbers above 2^53.
const BARE = `{"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"5B8EFFF798038103D269B633813FC60C",
"startTimeUnixNano": 1544712660000000001, "endTimeUnixNano":1544712661000000003,
"attributes":[{"key":"n","value":{"intValue":-9223372036854775808}},{"key":"d","value":{"doubleValue":1544712660000000001}}],
"events":[{"time_unix_nano":1544712660500000007 ,"name":"e"}]}]}]}]}`;

function caught(fn: () => unknown): OtlpDecodeError {
  try {
    fn();
  } catch (error) {
    if (error instanceof OtlpDecodeError) return error;
    throw error;
  }
  throw new Error("expected OtlpDecodeError");
}

describe("parseOtlpJson", () => {
  it("keeps bare 64-bit integers exact as decimal strings", () => {
    const span = (parseOtlpJson(BARE) as any).resourceSpans[0].scopeSpans[0].spans[0];
    expect(span.startTimeUnixNano).toBe("1544712660000000001");
    expect(span.endTimeUnixNano).toBe("1544712661000000003");
    expect(span.attributes[0].value.intValue).toBe("-9223372036854775808");
    expect(span.events[0].time_unix_nano).toBe("1544712660500000007");
  });

  it("leaves doubles and other numbers to JSON.parse", () => {
    const span = (parseOtlpJson(BARE) as any).resourceSpans[0].scopeSpans[0].spans[0];
    expect(span.attributes[1].value.doubleValue).toBe(Number("1544712660000000001")); // the double nearest, as JSON.parse reads it
    const v = parseOtlpJson('{"a":{"intValue":1.5},"b":{"intValue":1e3},"kind":2,"flags":257}') as any;
    expect(v).toEqual({ a: { intValue: 1.5 }, b: { intValue: 1000 }, kind: 2, flags: 257 });
  });

  it("keeps integers a double holds exactly as numbers, as Python's json.loads keeps ints", () => {
    expect(parseOtlpJson('{"x":{"intValue":0},"y":{"intValue": "7"},"z":{"intValue":9007199254740991},"w":{"intValue":9007199254740993}}')).toEqual({
      x: { intValue: 0 },
      y: { intValue: "7" },
      z: { intValue: 9007199254740991 },
      w: { intValue: "9007199254740993" },
    });
  });

  it("does not touch look-alikes inside strings", () => {
    const text = '{"s":"{\\"intValue\\": 12345678901234567890}","t":",\\"startTimeUnixNano\\":1"}';
    expect(parseOtlpJson(text)).toEqual({ s: '{"intValue": 12345678901234567890}', t: ',"startTimeUnixNano":1' });
  });

  it("rejects leading zeros as JSON does instead of quoting them", () => {
    expect(() => parseOtlpJson('{"intValue": 0123}')).toThrow(OtlpDecodeError);
  });

  it("names the line and column of a syntax error", () => {
    const error = caught(() => parseOtlpJson('{\n  "resourceSpans": [\n    {"a": tru}\n  ]\n}'));
    expect(error.message).toBe("OTLP JSON: line 3 column 14: Unexpected token '}'");
    expect([error.line, error.column, error.format]).toEqual([3, 14, "json"]);
  });

  it("names the end of the text when it stops early", () => {
    const error = caught(() => parseOtlpJson('{"resourceSpans": [\n'));
    expect(error.message).toMatch(/^OTLP JSON: line 2 column 1: /);
  });

  it("offsets lines by options.line", () => {
    expect(caught(() => parseOtlpJson("{,}", { line: 40 })).line).toBe(40);
  });

  it("rejects a top-level value that is not an object", () => {
    expect(() => parseOtlpJson("[1]")).toThrow('OTLP JSON: line 1: expected an object like {"resourceSpans": [...]}, got an array');
    expect(() => parseOtlpJson("\n null")).toThrow("line 2: expected an object");
  });
});

describe("jsonErrorOffset", () => {
  it("finds the first bad character, or -1 for valid JSON", () => {
    expect(jsonErrorOffset('{"a":[1,2,x]}')).toBe(10);
    expect(jsonErrorOffset('{"a":"\\q"}')).toBe(7);
    expect(jsonErrorOffset("{} x")).toBe(3);
    expect(jsonErrorOffset('{"a":[true,false,null,-1.5e3,"\\u00e9"]}')).toBe(-1);
  });
});

describe("lineColumn", () => {
  it("counts from 1", () => {
    expect(lineColumn("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumn("ab", 0)).toEqual({ line: 1, column: 1 });
  });
});

describe("parseOtlpJson then rowsFromOtel", () => {
  it("reads a bare int attribute as Python reads json.loads' int: an intValue 0 session id is no id", () => {
    const text = '{"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"t1","startTimeUnixNano":"5","attributes":[{"key":"session.id","value":{"intValue":0}},{"key":"gen_ai.input.messages","value":{"stringValue":"hi"}}]}]}]}]}';
    expect(rowsFromOtel(parseOtlpJson(text))).toMatchObject([{ prompt: "hi", conversation_id: "t1", ts: 5 }]);
  });
});
