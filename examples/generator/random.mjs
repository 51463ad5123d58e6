// Seeded PRNG (mulberry32) so that `node examples/generate.mjs` rewrites byte-identical files.

/** @param {number} seed */
export function createRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** Integer in [lo, hi], both ends included. */
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    /** @template T @param {readonly T[]} items @returns {T} */
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
    /** Picks one key of `weights` ({ name: weight }) in proportion to its weight. */
    weighted(weights) {
      const entries = Object.entries(weights);
      let roll = next() * entries.reduce((sum, [, w]) => sum + w, 0);
      for (const [name, w] of entries) {
        roll -= w;
        if (roll < 0) return name;
      }
      return entries[entries.length - 1][0];
    },
    /** A short lowercase hex id, like the ones tool backends hand out. */
    hex: (n) => Array.from({ length: n }, () => "0123456789abcdef"[Math.floor(next() * 16)]).join(""),
  };
}

/** Python `json.dumps` spacing (", " and ": "), which Python-side exporters write into string fields. */
export function pyJson(value) {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pyJson).join(", ")}]`;
  return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${pyJson(v)}`).join(", ")}}`;
}
