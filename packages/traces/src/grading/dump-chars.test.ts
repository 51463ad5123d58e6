import { pyJsonDumps } from "@whileai/hash-embed/internal";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDumpChars, asciiSet, clearSet, holdsAll } from "./dump-chars.js";
import { seededRandom } from "../testing/seeded-random.js";

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

describe("addDumpChars of a string", () => {
  /** The set as first written: one character at a time into the set, capitals moved down. */
  const plain = (s: string) => {
    const set = asciiSet();
    addDumpChars(set, ""); // the syntax characters
    for (const ch of '\\"/bfnrtu0123456789abcdef') if ([...s].some((c) => c < " " || c > "~" || c === '"' || c === "\\")) set[ch.charCodeAt(0) >>> 5] |= 1 << (ch.charCodeAt(0) & 31);
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i);
      if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) continue;
      if (c >= 0x41 && c <= 0x5a) c += 0x20;
      set[c >>> 5] |= 1 << (c & 31);
    }
    return Array.from(set);
  };
  const SEED = 20261206;
  const random = seededRandom(SEED);
  const PIECES = ["@", "[", "]", "^", "_", "`", "{", "~", "A", "Z", "a", "z", " ", "!", "?", "0", "9", '"', "\\", "\t", "\n", "\u007f", "é", "\u{1f600}", "\ud800", "ORD-7", "1e16"];

  it(`gathers exactly the characters the plain loop did (seed ${SEED})`, () => {
    for (let n = 0; n < 3000; n++) {
      const s = Array.from({ length: Math.floor(random() * 8) }, () => PIECES[Math.floor(random() * PIECES.length)]).join("");
      expect(Array.from(setFor(s)), `seed ${SEED}, case ${n}: ${JSON.stringify(s)}`).toEqual(plain(s));
    }
    // Every printable ASCII character, alone.
    for (let c = 0x20; c < 0x7f; c++) expect(Array.from(setFor(String.fromCharCode(c)))).toEqual(plain(String.fromCharCode(c)));
  });
});
