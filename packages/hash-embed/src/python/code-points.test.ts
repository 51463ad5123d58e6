import { describe, expect, it } from "vitest";
import { compareStrings, pyHead, pyLen } from "./text.js";
import { sortedBy, sortedStrings } from "./sort.js";

describe("code points", () => {
  it("measures and slices by code point", () => {
    expect(pyLen("😀a")).toBe(2);
    expect(pyHead("😀😀x", 2)).toBe("😀😀");
    expect(pyHead("abc", 0)).toBe("");
  });
  it("orders astral characters after the whole BMP", () => {
    expect(compareStrings("\uffff", "😀")).toBeLessThan(0);
    expect(sortedStrings(["😀", "\uffff", "b", "a"])).toEqual(["a", "b", "\uffff", "😀"]);
  });
});

describe("sortedBy", () => {
  it("keeps ties in input order, also when reversed", () => {
    const items = [["a", 1], ["b", 2], ["c", 1], ["d", 2]] as const;
    expect(sortedBy(items, (x) => x[1]).map((x) => x[0])).toEqual(["a", "c", "b", "d"]);
    expect(sortedBy(items, (x) => x[1], true).map((x) => x[0])).toEqual(["b", "d", "a", "c"]);
  });
  it("compares tuple keys element by element", () => {
    expect(sortedBy(["bb", "a", "ab"], (s) => [-s.length, s])).toEqual(["ab", "bb", "a"]);
  });
});
