import { hashVector } from "@whileai/hash-embed";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cosine, prepareVector, preparedCosine } from "./cosine.js";

const cos = (a: string, b: string) => cosine(hashVector(a), hashVector(b));

describe("cosine", () => {
  // traces-helpers.md §1.2, checked against CPython 3.11's _cosine on these hash vectors.
  it.each([
    ["refund order 81", "refund order 82", 0.9999999999999999],
    ["Cancel order 9911.", "cancel order 9911", 0.9999999999999999],
    ["Cancel order 9911.", "Please cancel order 9911.", 0.8451542547285167],
    ["refund order 9911 now", "refund order 9911", 0.8451542547285167],
    ["where is order 4412", "where is my order 4412", 0.7559289460184545],
    ["the cat sat", "the cat sat on the mat", 0.7442084075352509],
    ["Look up order ORD-1001 and tell me where it is.", "Where is ORD-2002?", 0.4123930494211613],
    ["refund order 9911 now", "refund my double charge", 0.14285714285714288],
    ["hi", "hello", 0.0],
  ])("%s vs %s is %s", (a, b, want) => {
    expect(cos(a, b)).toBe(want);
  });

  it("is not clamped at 1.0", () => {
    expect(cos("check order 123456 for me", "check order 987654 for me")).toBe(1.0000000000000002);
    // CPython gives this for two 7-token texts with the same words (repr checked on 3.11).
    expect(cos("where is order 4412", "Where is  ORDER 4412")).toBe(1.0000000000000002);
  });

  it("is 0.0 when either vector is zero", () => {
    expect(cosine([0, 0], [1, 0])).toBe(0);
    expect(cos("", "hi")).toBe(0);
  });

  it("stops the dot at the shorter vector but uses every component for the norms", () => {
    expect(cosine([3, 4], [3, 4, 12])).toBe(25 / (5 * 13));
  });
});

describe("preparedCosine", () => {
  const vector = fc.array(
    fc.oneof(fc.constant(0), fc.constant(0), fc.double({ min: -10, max: 10, noNaN: true }), fc.constantFrom(Infinity, NaN)),
    { maxLength: 12 },
  );

  it("equals cosine to the last bit, sparse or dense, finite or not (property)", () => {
    fc.assert(
      fc.property(vector, vector, (a, b) => {
        expect(Object.is(preparedCosine(prepareVector(a), prepareVector(b)), cosine(a, b))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("equals cosine on hash vectors", () => {
    const a = hashVector("refund order 9911 now");
    const b = hashVector("refund my double charge");
    expect(preparedCosine(prepareVector(a), prepareVector(b))).toBe(0.14285714285714288);
  });
});
