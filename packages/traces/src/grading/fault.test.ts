import { describe, expect, it } from "vitest";
import { asDict, readDict } from "./as-dict.js";
import { faultFromPlan, faultFromResult, normalizeFaultName, stepFaulted, traceFault } from "./fault.js";

describe("asDict", () => {
  it("returns a dict as is", () => {
    const d = { status: "ok" };
    expect(asDict(d)).toBe(d);
  });

  it("parses a string holding a JSON object, NaN included", () => {
    expect(asDict('{"status": "timeout"}')).toEqual({ status: "timeout" });
    expect(asDict(' \n{"x": NaN}')).toEqual({ x: NaN });
  });

  it("gives {} for JSON that is not an object, non-JSON text and other values", () => {
    for (const value of ["[1]", "5", '"s"', "<<garbled resp0nse", "not json", "{'a': 1}", "{", "", ["x"], 5, null, undefined, true]) {
      expect(asDict(value)).toEqual({});
    }
  });
});

describe("readDict", () => {
  it("answers as asDict does, parsing a repeated text once", () => {
    const text = '{"status": "ok", "n": [1, 2]}';
    expect(readDict(text)).toEqual({ status: "ok", n: [1, 2] });
    expect(readDict(text)).toBe(readDict(text));
    const long = `{"status": "timeout", "pad": "${"x".repeat(2000)}"}`;
    expect(readDict(long)).toEqual(asDict(long));
    for (const value of ["[1]", "not json", "{", " {}", 5, null, ["x"]]) expect(readDict(value)).toEqual(asDict(value));
    const d = { a: 1 };
    expect(readDict(d)).toBe(d);
  });

  it("keeps answering after its memo fills up", () => {
    for (let i = 0; i < 5000; i++) expect(readDict(`{"i": ${i}}`)).toEqual({ i });
  });
});

describe("normalizeFaultName", () => {
  it("maps aliases and drops clean names", () => {
    expect(normalizeFaultName("permission_denied")).toBe("deny");
    expect(normalizeFaultName(" Blocked ")).toBe("deny");
    expect(normalizeFaultName("entity missing")).toBe("not_found");
    expect(normalizeFaultName("already_acted_on")).toBe("already_done");
    expect(normalizeFaultName("stale_result")).toBe("stale");
    for (const clean of ["", "ok", "OK", "created", "deleted", "success", "exit_0", "no fault", "clean", null, 0, false]) {
      expect(normalizeFaultName(clean)).toBe("");
    }
  });

  it("passes unknown names through, lowercased and stripped", () => {
    expect(normalizeFaultName("Weird\u3000")).toBe("weird");
    expect(normalizeFaultName(500)).toBe("500");
    expect(normalizeFaultName(true)).toBe("true");
  });
});

// traces-helpers.md §2.5: result, fault chip, step faulted.
const TABLE: [unknown, string, boolean][] = [
  [{ status: "not_found" }, "not_found", true],
  [{ status: "permission_denied" }, "deny", true],
  [{ status: "denied" }, "deny", true],
  [{ status: "unauthorized" }, "deny", true],
  [{ status: "blocked" }, "deny", true],
  [{ status: "ok", stale: true }, "stale", true],
  [{ status: "ok", stale: "false" }, "stale", true],
  [{ status: "ok", data: "<<garbled resp0nse" }, "malformed", true],
  [{ status: "already_done", reason: "already_acted_on" }, "already_done", false],
  [{ status: "entity already acted on" }, "already_done", false],
  [{ status: "missing" }, "not_found", false],
  [{ status: "entity missing" }, "not_found", false],
  [{ status: "malformed_result" }, "malformed", false],
  [{ status: "stale_result" }, "stale", false],
  [{ status: "garbled" }, "garbled", false],
  [{ status: "Timeout " }, "timeout", true],
  [{ status: "rejected" }, "rejected", true],
  [{ status: "500" }, "500", true],
  [{ status: 404 }, "404", true],
  [{ status: "exit_1" }, "exit_1", true],
  [{ status: "exit_0" }, "", false],
  [{ status: "exit_" }, "", false],
  [{ status: "permission_error" }, "permission_error", true],
  [{ error: "boom" }, "error", true],
  [{ error: null }, "error", true],
  [{ error: "timeout" }, "error", true],
  [{ status: "error", error: "x" }, "error", true],
  [{ status: "ok", error: "x" }, "", false],
  [{ status: "ok", error: "" }, "", false],
  [{ status: "created", error: "" }, "", false],
  [{ status: "weird", error: "" }, "weird", true],
  [{ status: "paid" }, "", false],
  [{ status: "open" }, "", false],
  [{ status: "completed" }, "", false],
  [{ status: "ok" }, "", false],
  [{}, "", false],
  [{ status: null }, "", false],
  [{ status: "weird" }, "", false],
  ['{"status": "timeout"}', "timeout", true],
  ["<<garbled resp0nse", "", false],
  ["not json", "", false],
  [["x"], "", false],
  [null, "", false],
];

describe("faultFromResult", () => {
  it.each(TABLE)("%j -> %j", (result, chip) => {
    expect(faultFromResult(result)).toBe(chip);
  });

  it("finds garbled text in any key or nested value, in any ASCII case", () => {
    expect(faultFromResult({ status: "ok", items: [{ note: "GARBLED RESPONSE" }] })).toBe("malformed");
    expect(faultFromResult({ "<<Garbled": 1 })).toBe("malformed");
    expect(faultFromResult('{"a": {"b": "x <<garbled"}}')).toBe("malformed");
  });

  it("does not see garbled text across fields or through escapes", () => {
    expect(faultFromResult({ a: "garbled", b: "resp" })).toBe("");
    expect(faultFromResult({ a: "garbled\nresp" })).toBe("");
    // Python escapes non-ASCII before lowering, so no non-ASCII letter folds into the phrase.
    expect(faultFromResult({ a: "garbled reſp" })).toBe("");
  });

  it("writes a JSON-text field as Python's str() of the text's value: key order and float literals kept", () => {
    // The chip is the status's str(): Python keeps "b" before "10"; a parsed JS object would not.
    expect(faultFromResult('{"status": {"b": 1, "10": 2}, "error": ""}')).toBe("{'b': 1, '10': 2}");
    // "404.0" is no HTTP code; the JS number 404 would read as one.
    expect(faultFromResult('{"status": 404.0}')).toBe("");
    expect(stepFaulted('{"status": 404.0}')).toBe(false);
    expect(faultFromResult('{"status": 404}')).toBe("404");
    expect(faultFromResult({ status: 404 })).toBe("404");
  });

  it("treats a Unicode-digit HTTP code as Python's \\d does", () => {
    expect(faultFromResult({ status: "4\u0660\u0664" })).toBe("4\u0660\u0664");
    // Kawi digits came with Unicode 15: not digits to Python 3.11.
    expect(faultFromResult({ status: "4\u{11f50}\u{11f50}" })).toBe("");
  });
});

describe("stepFaulted", () => {
  it.each(TABLE)("%j -> %j, %j", (result, _chip, faulted) => {
    expect(stepFaulted(result)).toBe(faulted);
  });
});

describe("faultFromPlan", () => {
  it("returns the first mode that names a fault, known or not", () => {
    expect(faultFromPlan({ "*": { mode: "timeout" } })).toBe("timeout");
    expect(faultFromPlan({ a: { mode: "ok" }, b: "x", c: { mode: "permission_denied" } })).toBe("deny");
    expect(faultFromPlan({ a: { mode: "weird" } })).toBe("weird");
  });

  it("answers '' for non-dict plans and clean or missing modes", () => {
    expect(faultFromPlan([{ mode: "timeout" }])).toBe("");
    expect(faultFromPlan(null)).toBe("");
    expect(faultFromPlan({ a: { mode: null }, b: {}, c: { mode: "success" } })).toBe("");
  });
});

describe("traceFault", () => {
  const one = (result: unknown, tool = "t") => ({ steps: [{ tool, result }] });

  it("names the grader's chips (test_grading.py)", () => {
    expect(traceFault({ steps: [{ tool: "search_products", result: { status: "not_found" } }] })).toBe("not_found");
    expect(traceFault(one({ status: "already_done", reason: "already_acted_on" }, "merge_pr"))).toBe("already_done");
    expect(traceFault(one({ status: "permission_denied" }, "pay_bill"))).toBe("deny");
    expect(traceFault(one({ status: "ok", stale: true }))).toBe("stale");
    expect(traceFault(one({ status: "ok", data: "<<garbled resp0nse" }))).toBe("malformed");
    expect(traceFault(one({ status: "ok" }))).toBe("no fault");
  });

  it("falls back to the plan only when no call has a result", () => {
    expect(traceFault({ faults: { "*": { mode: "timeout" } }, steps: [] })).toBe("timeout");
    expect(traceFault({ faults: { "*": { mode: "timeout" } }, steps: [{ tool: "t", result: { status: "ok" } }] })).toBe("no fault");
    expect(traceFault({ faults: { "*": { mode: "timeout" } }, steps: [{ tool: "t" }, { tool: "u", result: null }] })).toBe("timeout");
    expect(traceFault({ faults: [{ mode: "timeout" }] })).toBe("no fault");
  });

  it("returns the first faulted call", () => {
    const row = { steps: [{ tool: "a", result: { status: "ok" } }, { tool: "b", result: { status: "timeout" } }, { tool: "c", result: { status: "not_found" } }] };
    expect(traceFault(row)).toBe("timeout");
  });

  it("skips non-dict steps and steps with a falsy tool", () => {
    const row = { steps: ["x", 5, { tool: "", result: { status: "timeout" } }, { tool: 0, result: { error: "x" } }, { result: { status: "denied" } }] };
    expect(traceFault(row)).toBe("no fault");
    expect(traceFault({ steps: [null, { tool: 1, result: { status: "denied" } }] })).toBe("deny");
  });

  it("never crashes on odd steps or trajectories", () => {
    expect(traceFault({ steps: "abc", faults: { x: { mode: "stale" } } })).toBe("stale");
    expect(traceFault({ steps: { tool: "t" } })).toBe("no fault");
    expect(traceFault({ steps: 5 })).toBe("no fault");
    expect(traceFault(null)).toBe("no fault");
    expect(traceFault("row")).toBe("no fault");
  });
});
