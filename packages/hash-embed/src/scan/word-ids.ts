/**
 * Words of a text as small integer ids, the tokenizer and the word cache of the scan's embedder
 * in one pass. For an ASCII text the letters are lowercased and hashed as they are read and the
 * id is found in an open-addressing table, so no regex runs and no substring is made for a word
 * seen before. Any other text goes through `words()` (the Python tokenizer) and the same table.
 */
import { NUM, words } from "../tokenize.js";

const EMPTY = 0;

/** Whether code unit `c` is an ASCII letter: `c | 0x20` is then its lowercase form. */
function isLetter(c: number): boolean {
  return ((c | 0x20) - 0x61) >>> 0 < 26;
}

export class WordIds {
  /** The word of each id. */
  readonly words: string[] = [];
  /** Ids of the last text's words, `count` of them. */
  ids = new Int32Array(64);
  count = 0;
  private hashOf = new Int32Array(1024);
  private slots = new Int32Array(1 << 12);
  private mask = (1 << 12) - 1;
  private readonly numId: number;

  constructor() {
    this.numId = this.idOfString(NUM);
  }

  get size(): number {
    return this.words.length;
  }

  /** Reads the words of `text` into `ids` / `count`. */
  read(text: string): void {
    this.count = 0;
    if (!this.readAscii(text)) {
      this.count = 0;
      for (const w of words(text)) this.push(w === NUM ? this.numId : this.idOfString(w));
    }
  }

  /** The ASCII fast path; false (having read part of the text) at the first non-ASCII code unit. */
  private readAscii(text: string): boolean {
    const len = text.length;
    let i = 0;
    while (i < len) {
      let c = text.charCodeAt(i);
      if (isLetter(c)) {
        const start = i;
        let h = 0x811c9dc5;
        do {
          h = Math.imul(h ^ (c | 0x20), 0x01000193);
          c = ++i < len ? text.charCodeAt(i) : 0;
        } while (isLetter(c));
        if (c >= 0x80) return false;
        this.push(this.idOfRange(text, start, i, h));
      } else if ((c - 0x30) >>> 0 < 10) {
        do c = ++i < len ? text.charCodeAt(i) : 0;
        while ((c - 0x30) >>> 0 < 10);
        this.push(this.numId);
      } else if (c >= 0x80) {
        return false;
      } else {
        i++;
      }
    }
    return true;
  }

  private push(id: number): void {
    if (this.count === this.ids.length) {
      const grown = new Int32Array(this.ids.length * 2);
      grown.set(this.ids);
      this.ids = grown;
    }
    this.ids[this.count++] = id;
  }

  /** The id of the lowercased letters text[start, end), hashed as `h`. */
  private idOfRange(text: string, start: number, end: number, h: number): number {
    const n = end - start;
    for (let slot = h & this.mask; ; slot = (slot + 1) & this.mask) {
      const entry = this.slots[slot];
      if (entry === EMPTY) return this.add(text.slice(start, end).toLowerCase(), h);
      const id = entry - 1;
      if (this.hashOf[id] !== h) continue;
      const word = this.words[id];
      if (word.length !== n) continue;
      let k = 0;
      while (k < n && word.charCodeAt(k) === (text.charCodeAt(start + k) | 0x20)) k++;
      if (k === n) return id;
    }
  }

  private idOfString(word: string): number {
    let h = 0x811c9dc5;
    for (let k = 0; k < word.length; k++) h = Math.imul(h ^ word.charCodeAt(k), 0x01000193);
    for (let slot = h & this.mask; ; slot = (slot + 1) & this.mask) {
      const entry = this.slots[slot];
      if (entry === EMPTY) return this.add(word, h);
      if (this.hashOf[entry - 1] === h && this.words[entry - 1] === word) return entry - 1;
    }
  }

  private add(word: string, h: number): number {
    const id = this.words.length;
    this.words.push(word);
    if (id === this.hashOf.length) {
      const grown = new Int32Array(id * 2);
      grown.set(this.hashOf);
      this.hashOf = grown;
    }
    this.hashOf[id] = h;
    if (this.words.length * 2 > this.slots.length) this.rehash();
    else this.place(id);
    return id;
  }

  private place(id: number): void {
    let slot = this.hashOf[id] & this.mask;
    while (this.slots[slot] !== EMPTY) slot = (slot + 1) & this.mask;
    this.slots[slot] = id + 1;
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    this.mask = this.slots.length - 1;
    for (let id = 0; id < this.words.length; id++) this.place(id);
  }
}
