/** Byte ranges read, merged where they touch or overlap; `add` returns the bytes covered in all. */
export class CoveredRanges {
  /** Disjoint [start, end) ranges in order; reads in order keep this at one range. */
  private ranges: [number, number][] = [];
  private total = 0;

  add(start: number, end: number): number {
    if (end <= start) return this.total;
    const kept: [number, number][] = [];
    let merged: [number, number] = [start, end];
    for (const range of this.ranges) {
      if (range[1] < merged[0] || range[0] > merged[1]) kept.push(range);
      else merged = [Math.min(range[0], merged[0]), Math.max(range[1], merged[1])];
    }
    kept.push(merged);
    kept.sort((a, b) => a[0] - b[0]);
    this.ranges = kept;
    this.total = kept.reduce((sum, [s, e]) => sum + (e - s), 0);
    return this.total;
  }
}
