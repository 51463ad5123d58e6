import { describe, expect, it } from "vitest";
import { pyJsonRedump } from "./json.js";

describe("pyJsonRedump", () => {
  it("writes json.dumps(json.loads(text)) with Python's separators and number kinds", () => {
    expect(pyJsonRedump('{"a":[1,2.0,-0,-0.0,1E+2,5e-7],"b":"é😀\\n"}')).toBe('{"a": [1, 2.0, 0, -0.0, 100.0, 5e-07], "b": "\\u00e9\\ud83d\\ude00\\n"}');
    expect(pyJsonRedump(" [NaN, Infinity, -Infinity, 1e400, true, false, null] ")).toBe("[NaN, Infinity, -Infinity, Infinity, true, false, null]");
    expect(pyJsonRedump("123456789012345678901234567890")).toBe("123456789012345678901234567890");
    expect(pyJsonRedump("{}")).toBe("{}");
    expect(pyJsonRedump("[ ]")).toBe("[]");
  });
  it("keeps a repeated key at its first position with the last value", () => {
    expect(pyJsonRedump('{"a": 1, "b": 2, "a": 3.0}')).toBe('{"a": 3.0, "b": 2}');
  });
  it("rejects what json.loads rejects", () => {
    for (const bad of ["", "ok", "[1,]", "{'a': 1}", "01", "1 2", '"\t"', "nan", "[1"]) expect(() => pyJsonRedump(bad), bad).toThrow();
  });
});
