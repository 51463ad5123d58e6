import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPySpace, pyCollapse, pyLower, pySplit, pyStrip } from "./text.js";

describe("Python whitespace", () => {
  it("strips and splits on Python's set, not on \\ufeff", () => {
    expect(pyStrip("\x1c\x85 a b\u3000")).toBe("a b");
    expect(pyStrip("\ufeffa")).toBe("\ufeffa");
    expect(pyStrip("abc")).toBe("abc");
    expect(pyStrip("a b\u00a0")).toBe("a b");
    expect(pyStrip("\x85a!")).toBe("a!");
    expect(pyStrip("  ")).toBe("");
    expect(pyStrip("")).toBe("");
    expect(pySplit("  a\x1fb\u2028c  ")).toEqual(["a", "b", "c"]);
    expect(pySplit(" \t ")).toEqual([]);
    expect(pyCollapse("Where is  ORDER\n4412")).toBe("where is order 4412");
    expect(isPySpace(" \x85")).toBe(true);
    expect(isPySpace("")).toBe(false);
  });
});

describe("pyLower", () => {
  it("lowercases as Python 3.11 does: full mappings and final sigma, letters newer than Unicode 14 kept", () => {
    expect(pyLower("ΑΣ ÉCOLE İ")).toBe("ας école i\u0307");
    // U+1C89 and U+10D50 are capitals since Unicode 16; Python 3.11 (Unicode 14) leaves them.
    expect(pyLower("\u1c89A")).toBe("\u1c89a");
    expect(pyLower("\u{10d50}")).toBe("\u{10d50}");
    expect(pyLower("ΑΣ\u1c89Σ x")).toBe("ας\u1c89σ x");
    expect(pyCollapse(" \u1c89A  B ")).toBe("\u1c89a b");
  });
});

describe("pyCollapse fast path", () => {
  it("printable ASCII joined by single spaces gives the same answer as split and join", () => {
    const ascii = fc.string({ unit: fc.constantFrom("a", "Z", "7", "!", "~", " ", "  ", "\t", "É", "\u00a0") });
    fc.assert(fc.property(ascii, (s) => pyCollapse(s) === pySplit(pyLower(s)).join(" ")), { numRuns: 5000 });
  });
});
