/**
 * The exact-copy rule's source side: a row whose collapsed text (pyCollapse: lowercased,
 * whitespace runs made single spaces) is that of a source scores 1.0. Sources are kept by a copy
 * key, a 32-bit FNV-1a of their collapsed text that the embedder computes while it reads the
 * text (no collapsed string is built per source), and a row's match is confirmed on the texts
 * themselves, so two texts that merely share a key are never taken for copies.
 */
import { pyCollapse } from "../python/text.js";

/** FNV-1a over the UTF-16 code units of a collapsed text: the copy key (for ASCII, the embedder's own). */
export function copyKeyOf(collapsed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < collapsed.length; i++) h = Math.imul(h ^ collapsed.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class ExactCopies {
  /** Source texts as given (one per distinct collapsed text), and their keys. */
  private readonly texts: string[] = [];
  private keys = new Uint32Array(1024);
  /** Open addressing: entry + 1 per slot (0 empty); texts sharing a key sit in one probe run. */
  private table = new Int32Array(2048);
  private mask = 2047;

  get size(): number {
    return this.texts.length;
  }

  /** Adds a source `text` whose collapsed text has copy key `key` (a copy of one already added is not kept twice). */
  add(text: string, key: number): void {
    key >>>= 0;
    const { table, mask, keys, texts } = this;
    let slot = (key ^ (key >>> 15)) & mask;
    for (; table[slot] !== 0; slot = (slot + 1) & mask) {
      const entry = table[slot] - 1;
      if (keys[entry] === key && (texts[entry] === text || pyCollapse(texts[entry]) === pyCollapse(text))) return;
    }
    const entry = texts.length;
    texts.push(text);
    if (entry === keys.length) {
      const grown = new Uint32Array(entry * 2);
      grown.set(keys);
      this.keys = grown;
    }
    this.keys[entry] = key;
    table[slot] = entry + 1;
    if (2 * texts.length > table.length) this.grow();
  }

  /** Whether `collapsed` (a row's pyCollapse) is the collapsed text of a source: a Set's `has`, so the tally takes either. */
  has(collapsed: string): boolean {
    const key = copyKeyOf(collapsed);
    const { table, mask, keys } = this;
    for (let slot = (key ^ (key >>> 15)) & mask; table[slot] !== 0; slot = (slot + 1) & mask) {
      const entry = table[slot] - 1;
      if (keys[entry] === key && pyCollapse(this.texts[entry]) === collapsed) return true;
    }
    return false;
  }

  private place(entry: number): void {
    const key = this.keys[entry];
    let slot = (key ^ (key >>> 15)) & this.mask;
    while (this.table[slot] !== 0) slot = (slot + 1) & this.mask;
    this.table[slot] = entry + 1;
  }

  private grow(): void {
    this.table = new Int32Array(this.table.length * 2);
    this.mask = this.table.length - 1;
    for (let entry = 0; entry < this.texts.length; entry++) this.place(entry);
  }
}
