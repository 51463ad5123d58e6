/**
 * A set of whole numbers in [0, 2^53), open addressing over one Float64Array. The distinct-
 * behaviour counter asks it once per row: a `Set` of numbers past 2^31 keeps each as a boxed
 * heap number behind its hash chain, so a lookup among tens of thousands misses the cache two or
 * three times; here the number is compared where it lies.
 */

const EMPTY = -1;

export class NumberSet {
  private slots = new Float64Array(1024).fill(EMPTY);
  private mask = 1023;
  size = 0;

  /** Adds `key`; true when it was not in the set yet. */
  add(key: number): boolean {
    const slots = this.slots;
    const mask = this.mask;
    let i = slotOf(key) & mask;
    for (;;) {
      const held = slots[i];
      if (held === key) return false;
      if (held === EMPTY) break;
      i = (i + 1) & mask;
    }
    slots[i] = key;
    // Kept at most half full, so probes stay short.
    if (++this.size * 2 > mask) this.grow();
    return true;
  }

  private grow(): void {
    const old = this.slots;
    const mask = old.length * 2 - 1;
    const slots = new Float64Array(old.length * 2).fill(EMPTY);
    for (let j = 0; j < old.length; j++) {
      const key = old[j];
      if (key === EMPTY) continue;
      let i = slotOf(key) & mask;
      while (slots[i] !== EMPTY) i = (i + 1) & mask;
      slots[i] = key;
    }
    this.slots = slots;
    this.mask = mask;
  }
}

/** Both 32-bit halves of the key mixed into 32 bits (Murmur3's finaliser). */
function slotOf(key: number): number {
  let h = (key >>> 0) ^ Math.imul((key / 0x100000000) | 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
