import { pyJsonDumps } from "@whileai/hash-embed/internal";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDumpChars, asciiSet, clearSet, holdsAll } from "./dump-chars.js";

const setFor = (x: unknown) => {
  const set = asciiSet();
  addDumpChars(set, x);
  return set;
};

describe("addDumpChars", () => {
  it("holds every character of json.dumps(x).lower()", () => {
    const odd = fc.oneof(fc.string({ unit: "binary" }), fc.double(), fc.constantFrom(-0, 1e21, 1e-7, Number.NaN, -Infinity, 10n ** 30n));
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), odd, fc.dictionary(fc.string({ unit: "binary" }), odd)), (x) => {
        const set = setFor(x);
        const text = pyJsonDumps(x).toLowerCase();
        for (const ch of text) expect(holdsAll(set, ch), `${JSON.stringify(text)} has ${JSON.stringify(ch)}`).toBe(true);
      }),
    );
  });

  it("leaves out what the text cannot hold", () => {
    const set = setFor({ status: "OK", n: 12 });
    expect(holdsAll(set, "status")).toBe(true);
    expect(holdsAll(set, "ok")).toBe(true);
    expect(holdsAll(set, "OK")).toBe(false); // the text is lowercased
    expect(holdsAll(set, "ok!")).toBe(false);
    expect(holdsAll(set, "zz")).toBe(false);
    expect(holdsAll(set, "é")).toBe(false); // json.dumps writes \u00e9
    expect(holdsAll(setFor("é"), "u00e9")).toBe(true);
    expect(holdsAll(asciiSet(), "x")).toBe(false);
    clearSet(set);
    expect(holdsAll(set, "s")).toBe(false);
  });
});
