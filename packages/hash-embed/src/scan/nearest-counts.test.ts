import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ChosenCounts, countsText, naiveNearestCounts } from "../testing/chosen-counts.js";
import { LeakageIndex } from "./leakage-index.js";

/** Both kernels on chosen count vectors, bit for bit against the Python computation. */
function expectExact(generated: string[], sources: string[]): void {
  const expected = naiveNearestCounts(generated, sources);
  for (const kernel of ["wasm", "ts"] as const) {
    const index = new LeakageIndex({ kernel, embedder: () => new ChosenCounts() });
    for (const s of sources) index.add(s);
    const out = { best: new Float64Array(generated.length), source: new Int32Array(generated.length) };
    index.nearest(generated, out);
    for (let i = 0; i < generated.length; i++) {
      if (!Object.is(out.best[i], expected.best[i]) || out.source[i] !== expected.source[i]) {
        throw new Error(`${kernel}, row ${i} [${generated[i]}]: got (${out.best[i]}, ${out.source[i]}), Python (${expected.best[i]}, ${expected.source[i]})`);
      }
    }
  }
}

const counts = (maxBucket: number, maxCount: number) =>
  fc.array(fc.tuple(fc.integer({ min: 0, max: maxBucket }), fc.integer({ min: 1, max: maxCount })), { minLength: 1, maxLength: 12 }).map((pairs) => {
    const v = new Uint32Array(256);
    for (const [b, c] of pairs) v[b] = Math.min(c, 1000);
    return v;
  });

/** Multiples and off-by-one variants of a base vector: cosines equal or within ulps of each other. */
const nearTies = fc.tuple(counts(20, 60), fc.array(fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: -1, max: 1 })), { maxLength: 10 })).map(([base, variants]) => [
  countsText(base),
  ...variants.map(([scale, bucket, delta]) => {
    const v = base.map((c) => c * scale);
    v[bucket] = Math.max(0, v[bucket] + delta);
    return countsText(v);
  }),
]);

describe("nearest source on adversarial count vectors", () => {
  test("multiples and off-by-one copies: ties and last-bit differences pick Python's source", () => {
    fc.assert(
      fc.property(fc.array(nearTies, { minLength: 1, maxLength: 6 }), counts(20, 300), fc.boolean(), (families, query, reversed) => {
        // Reversed, the larger multiples come first: slots in norm order then disagree with
        // index order, and only the index breaks a tie (norm-order.ts).
        const sources = families.flatMap((f) => (reversed ? [...f].reverse() : f)).filter((t) => t !== "");
        expectExact([countsText(query), ...families.map((f) => f[0])], sources);
      }),
      { numRuns: 500 },
    );
  }, 60_000);

  test("counts at the byte and 16-bit limits", () => {
    const at = (pairs: [number, number][]) => pairs.map(([b, c]) => `${b}:${c}`).join(" ");
    const sources = [at([[1, 255]]), at([[1, 255], [2, 255]]), at([[1, 256]]), at([[1, 1], [3, 255]]), at([[4, 200], [5, 200]])];
    const generated = [at([[1, 1]]), at([[1, 255]]), at([[1, 257], [3, 1]]), at([[4, 300], [5, 300]]), at([[1, 70000]]), at([[3, 1]])];
    expectExact(generated, sources);
  });

  test("the Cauchy-Schwarz byte bound at its limit, in one-block and four-block passes", () => {
    // Fillers have C = 5; "1:16" and "3:17" sit among them (each alone along its direction), so
    // a four-block pass holds one of them. Row "3:15" against "3:17": squares 225 * 289 = 255^2
    // exactly, a dot of 255 (byte path). Row "1:16" against "1:16": 256 * 256 > 255^2 and
    // tokens * max count = 256, so a byte sum would wrap to 0 and lose the copy: a bound one
    // step looser, or one taking the quad's smallest C instead of its largest, does exactly that.
    const sources = Array.from({ length: 150 }, (_, i) => `${2 + (i % 60)}:1 ${100 + (i % 9)}:2`);
    sources[37] = "3:17";
    sources[101] = "1:16";
    sources[140] = "3:15 2:1";
    expectExact(["3:15", "1:16", "1:16 2:1", "3:17", "3:15 2:1", "2:1 100:2"], sources);
    expectExact(["1:16", "3:15"], sources.slice(0, 130));
  });

  test("exact ties between a larger and a smaller multiple go to the lower index whatever the norm order", () => {
    // Multiples by powers of two give bit-identical cosines; the larger norm comes first here.
    const sources = ["1:4 2:4", "7:1", "1:2 2:2", "1:1 2:1", "3:8 4:8 5:8", "3:1 4:1 5:1"];
    expectExact(["1:1 2:1", "1:3 2:3", "3:2 4:2 5:2", "7:2"], sources);
  });

  test("a query tied with more sources than the candidate list and one rescan range hold", () => {
    const sources = Array.from({ length: 4500 }, (_, i) => `0:1 ${1 + (i % 200)}:1`);
    expectExact(["0:1", "0:1 5:1"], sources);
  });
});

test("the chosen-counts embedder itself", () => {
  const e = new ChosenCounts();
  e.embed("3:2 1:1");
  expect([e.size, e.tokens, Array.from(e.nonzero.subarray(0, 2)), e.counts[3]]).toEqual([2, 3, [1, 3], 2]);
});
