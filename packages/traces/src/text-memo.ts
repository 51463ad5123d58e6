/**
 * A pure function of a text, remembered per text. The grader reads the same short texts on
 * every row (statuses, tool names, result texts); only texts up to `maxChars` are kept, and at
 * most `maxEntries` of them (the memo starts over when full), so odd data cannot grow it
 * without end.
 */
export class TextMemo<V> {
  private readonly values = new Map<string, V>();

  constructor(
    private readonly compute: (text: string) => V,
    private readonly maxChars: number,
    private readonly maxEntries: number,
  ) {}

  get(text: string): V {
    if (text.length > this.maxChars) return this.compute(text);
    let value = this.values.get(text);
    if (value === undefined) {
      if (this.values.size >= this.maxEntries) this.values.clear();
      this.values.set(text, (value = this.compute(text)));
    }
    return value;
  }
}
