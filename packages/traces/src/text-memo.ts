/**
 * A pure function of a text (or of a number), remembered per key. The grader reads the same
 * short texts on every row (statuses, tool names, result texts); only texts up to `maxChars`
 * are kept, and at most `maxEntries` keys (the memo starts over when full), so odd data cannot
 * grow it without end.
 */
export class TextMemo<V, K extends string | number = string> {
  private readonly values = new Map<K, V>();

  constructor(
    private readonly compute: (key: K) => V,
    private readonly maxChars: number,
    private readonly maxEntries: number,
  ) {}

  get(key: K): V {
    if (typeof key === "string" && key.length > this.maxChars) return this.compute(key);
    let value = this.values.get(key);
    if (value === undefined) {
      if (this.values.size >= this.maxEntries) this.values.clear();
      this.values.set(key, (value = this.compute(key)));
    }
    return value;
  }
}
