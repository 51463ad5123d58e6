import { describe, expect, it } from "vitest";
import { NUM, tokenize, words } from "./tokenize.js";

describe("words", () => {
  it("lowercases and keeps ASCII letter runs and digit runs, masking every number", () => {
    expect(words("Where is ORDER 4412?")).toEqual(["where", "is", "order", NUM]);
    expect(words("ORD-1001x")).toEqual(["ord", NUM, "x"]);
  });

  it("drops non-ASCII letters and every separator", () => {
    expect(words("café")).toEqual(["caf"]);
    expect(words("naïve_snake-case #tag")).toEqual(["na", "ve", "snake", "case", "tag"]);
    expect(words("日本語 ???!!!")).toEqual([]);
  });

  it("counts Unicode decimal digits (category Nd) as digits", () => {
    expect(words("٣ ٤٥x")).toEqual([NUM, NUM, "x"]);
    expect(words("order ４４１２")).toEqual(["order", NUM]);
    expect(words("ऑर्डर ४४१२")).toEqual([NUM]);
  });

  it("reads superscripts and other non-Nd numerals as separators", () => {
    expect(words("x² ½ Ⅻ")).toEqual(["x"]);
  });

  it("lowercases with Unicode rules before matching", () => {
    // Kelvin sign lowercases to ASCII k; dotted capital I to i + combining dot.
    expect(words("\u212Aelvin \u0130stanbul")).toEqual(["kelvin", "i", "stanbul"]);
  });
});

describe("tokenize", () => {
  it("emits unigrams then adjacent bigrams, no padding", () => {
    expect(tokenize("Where is ORDER 4412?")).toEqual([
      "w:where", "w:is", "w:order", "w:<num>", "b:where>is", "b:is>order", "b:order><num>",
    ]);
  });

  it("keeps duplicates", () => {
    expect(tokenize("order order")).toEqual(["w:order", "w:order", "b:order>order"]);
  });

  it("matches the mixed example of the reference", () => {
    expect(tokenize("Check order #123456 for me, café ORD-1001x").join(" ")).toBe(
      "w:check w:order w:<num> w:for w:me w:caf w:ord w:<num> w:x b:check>order b:order><num> " +
        "b:<num>>for b:for>me b:me>caf b:caf>ord b:ord><num> b:<num>>x",
    );
  });

  it("gives one token for one word and none for none", () => {
    expect(tokenize("hi")).toEqual(["w:hi"]);
    expect(tokenize("")).toEqual([]);
    expect(tokenize("  ...  ")).toEqual([]);
  });
});

describe("the digit class", () => {
  it("is CPython 3.11's Unicode 14 Nd, whatever Unicode version the JS engine has", () => {
    // Kawi (U+11F50) and Nag Mundari (U+1E4F0) digits came with Unicode 15, Garay (U+10D40) with 16:
    // Python 3.11 reads them as separators.
    expect(words("a\u{11F50}b \u{1E4F3}\u{1E4F4} x\u{10D41}")).toEqual(["a", "b", "x"]);
    expect(words("\u{1D7CE}\u{1D7FF} \u{1FBF9}")).toEqual([NUM, NUM]);
    expect(words("\u0039\u0660\u{16B59}")).toEqual([NUM]);
  });
});
