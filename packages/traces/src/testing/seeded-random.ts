/**
 * A seeded generator of numbers in [0, 1) (mulberry32), for tests that compare a fast path with
 * the plain computation over many random inputs: the seed in a failure's message remakes them.
 */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
