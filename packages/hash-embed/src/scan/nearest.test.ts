import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { naiveNearest } from "../testing/naive-scan.js";
import { wasmKernelAvailable } from "./kernel.js";
import { LeakageIndex } from "./leakage-index.js";

const KERNELS = ["wasm", "ts"] as const;

/** Both kernels' nearest sources, checked bit for bit against the plain Python-style scan. */
function expectExact(generated: string[], sources: string[]): void {
  const kept = sources.filter((s) => s !== "");
  const expected = naiveNearest(generated, kept);
  for (const kernel of KERNELS) {
    const index = new LeakageIndex({ kernel });
    for (const s of sources) index.add(s);
    const out = { best: new Float64Array(generated.length), source: new Int32Array(generated.length) };
    index.nearest(generated, out);
    for (let i = 0; i < generated.length; i++) {
      if (!Object.is(out.best[i], expected.best[i]) || out.source[i] !== expected.source[i]) {
        throw new Error(`${kernel} kernel, row ${i} ${JSON.stringify(generated[i])}: got (${out.best[i]}, ${out.source[i]}), Python gives (${expected.best[i]}, ${expected.source[i]})`);
      }
    }
  }
}

const VOCAB = ["refund", "order", "my", "the", "account", "password", "reset", "ship", "late", "cancel", "plan", "a", "to", "is", "where"];
const word = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...VOCAB) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 99999 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom("Refund", "ORDER", "Ünïcode", "ß", "٣٤", "!!", "...", "\t") },
);
const prompt = fc.oneof(
  { weight: 10, arbitrary: fc.array(word, { maxLength: 30 }).map((ws) => ws.join(" ")) },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "???", "123 456 789") },
  // Repeated words: counts past 255 (sparse sources) and rows on the 16- and 32-bit paths.
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...VOCAB), fc.integer({ min: 1, max: 700 })).map(([w, k]) => Array(k).fill(w).join(" ")) },
);
/** A prompt and near copies of it: one word changed, one appended, case and spacing changed. */
const family = prompt.chain((base) =>
  fc.array(
    fc.oneof(
      fc.constant(base),
      fc.constant(base.toUpperCase()),
      fc.constant(`  ${base.split(" ").join("   ")} `),
      word.map((w) => `${base} ${w}`),
      word.map((w) => base.replace(/\S+/, w)),
    ),
    { minLength: 1, maxLength: 4 },
  ),
);
const texts = fc.array(family, { maxLength: 12 }).map((fams) => fams.flat());

describe("nearest source: WASM and TS kernels against the Python computation", () => {
  test("the WebAssembly SIMD kernel runs on this Node", () => {
    expect(wasmKernelAvailable()).toBe(true);
  });

  test("random prompts, near copies, repeats, empties and numbers (fast-check)", () => {
    fc.assert(
      fc.property(texts, texts, (sources, generated) => {
        expectExact(generated, sources);
      }),
      { numRuns: 400 },
    );
  }, 60_000);

  test("shared families on both sides (near-threshold pairs)", () => {
    fc.assert(
      fc.property(fc.array(family, { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (fams, seed) => {
        // Split every family between the two sides, so most rows have a near copy.
        const sources: string[] = [];
        const generated: string[] = [];
        for (const [f, fam] of fams.entries()) for (const [k, t] of fam.entries()) ((seed >> ((f + k) % 31)) & 1 ? sources : generated).push(t);
        expectExact(generated, sources);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  test("thousands of tied sources overflow the candidate list and are rescanned", () => {
    const sources = Array.from({ length: 5000 }, (_, i) => `alpha w${i.toString(36).replace(/\d/g, "q")}x`);
    expectExact(["alpha", "alpha wqx", "beta"], sources);
  });

  test("counts above 255 and rows beyond the 8- and 16-bit dot bounds", () => {
    const many = (w: string, k: number) => Array(k).fill(w).join(" ");
    const sources = [many("the", 300), many("a", 100), `${many("a", 20)} the order`, "the order", many("order", 256)];
    const generated = [many("the", 300), many("a", 400), many("a", 100), `${many("order", 255)} the`, "the", many("the", 30) + " order"];
    expectExact(generated, sources);
  });

  test("identical vectors score 0.9999999999999999, and texts differing only in numbers are identical", () => {
    const index = new LeakageIndex({ kernel: "wasm" });
    index.add("refund order 81");
    const out = { best: new Float64Array(1), source: new Int32Array(1) };
    index.nearest(["refund order 82"], out);
    expect(out.best[0]).toBe(0.9999999999999999);
    expect(out.source[0]).toBe(0);
  });

  test("repeated sources keep the first index; empty ones are not sources", () => {
    const index = new LeakageIndex({ kernel: "ts" });
    for (const s of ["", "late order", "where is my order", "where is my order"]) index.add(s);
    expect(index.count).toBe(3);
    const out = { best: new Float64Array(2), source: new Int32Array(2) };
    index.nearest(["where is my order", "zzz"], out);
    expect(Array.from(out.source)).toEqual([1, -1]);
    expect(out.best[1]).toBe(0);
  });
});
