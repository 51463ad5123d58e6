import fc from "fast-check";
import { expect, test } from "vitest";
import { ChosenCounts } from "../testing/chosen-counts.js";
import { ByteSpace } from "./byte-space.js";
import { BLOCK_STRIDE, CMAX, DIM, LANES, RS, SCALE, SQUARES_MAX } from "./layout.js";
import { SCALE_SLACK } from "./norm-order.js";
import { SourceStore } from "./source-store.js";

/** Counts, C and the f32 1/sqrt(C) of the source in slot `slot`. */
function lane(space: ByteSpace, slot: number): { counts: number[]; rs: number } {
  const block = Math.floor(slot / LANES) * BLOCK_STRIDE;
  const counts = Array.from({ length: DIM }, (_, b) => space.u8[block + b * LANES + (slot % LANES)]);
  return { counts, rs: space.f32[(block + RS) / 4 + (slot % LANES)] };
}

test("sealing writes every source whole into (C, index) order, with its block headers", () => {
  const vector = fc.array(fc.tuple(fc.integer({ min: 0, max: DIM - 1 }), fc.integer({ min: 1, max: 40 })), { minLength: 1, maxLength: 6 });
  fc.assert(
    fc.property(fc.array(vector, { minLength: 1, maxLength: 70 }), (vectors) => {
      const texts = vectors.map((pairs) => pairs.map(([b, c]) => `${b}:${c}`).join(" "));
      const space = new ByteSpace(1 << 16, { wasm: false });
      const store = new SourceStore(space, 0);
      const embedder = new ChosenCounts();
      // Each source's counts and f32 1/sqrt(C) as embedded, by its index.
      const before = new Map<number, { counts: number[]; rs: number }>();
      texts.forEach((text, index) => {
        embedder.embed(text);
        store.add(embedder);
        const counts = Array.from(embedder.counts);
        before.set(index, { counts, rs: Math.fround(1 / Math.sqrt(counts.reduce((s, c) => s + c * c, 0))) });
      });
      store.seal();
      const { originals, stored, blocks } = store.layout();
      // Every source is stored (no count above 255), except repeats of an earlier vector.
      expect(stored).toBe(new Set(vectors.map((_, i) => before.get(i)?.counts.join())).size);
      let previous = -1;
      for (let slot = 0; slot < stored; slot++) {
        const now = lane(space, slot);
        expect(now).toEqual(before.get(originals[slot]));
        const squares = now.counts.reduce((s, c) => s + c * c, 0);
        // Nondecreasing C; equal C keeps index order.
        expect(squares * 1e6 + originals[slot]).toBeGreaterThan(previous);
        previous = squares * 1e6 + originals[slot];
      }
      for (let k = 0; k < blocks; k++) {
        const block = k * BLOCK_STRIDE;
        const lanes = Array.from({ length: Math.min(LANES, stored - k * LANES) }, (_, l) => lane(space, k * LANES + l).counts);
        const squares = lanes.map((counts) => counts.reduce((s, c) => s + c * c, 0));
        expect(space.f32[(block + SCALE) / 4]).toBe(Math.min(...squares.map((c) => Math.fround(Math.sqrt(c) * SCALE_SLACK))));
        expect(space.u8[block + CMAX]).toBe(Math.max(...lanes.flat()));
        expect(space.u32[(block + SQUARES_MAX) / 4]).toBe(Math.max(...squares));
      }
    }),
    { numRuns: 200 },
  );
});

test("every repeat of a stored vector is dropped, also after the repeat table has grown", () => {
  // 3,000 distinct vectors (more than the table's first 2,048 slots hold), each added three
  // times in an interleaved order; only the first of each is stored, under its own index.
  const distinct = Array.from({ length: 3000 }, (_, i) => `${i % DIM}:${1 + (i % 7)} ${(i * 7 + 3) % DIM}:${1 + Math.floor(i / DIM)}`);
  const order = [...distinct, ...distinct.slice().reverse(), ...distinct.filter((_, i) => i % 2 === 0), ...distinct.filter((_, i) => i % 2 === 1)];
  const space = new ByteSpace(1 << 16, { wasm: false });
  const store = new SourceStore(space, 0);
  const embedder = new ChosenCounts();
  for (const text of order) {
    embedder.embed(text);
    store.add(embedder);
  }
  store.seal();
  const { originals, stored } = store.layout();
  expect(store.count).toBe(9000);
  // Two different buckets in every vector, and no two vectors alike.
  expect(new Set(distinct).size).toBe(3000);
  expect(stored).toBe(3000);
  expect(Math.max(...originals)).toBeLessThan(3000);
});
