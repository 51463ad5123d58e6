/** Counts one more `key`: Python's `counter[key] = counter.get(key, 0) + 1`, first-seen order kept. */
export function bump(counter: Map<string, number>, key: string): void {
  counter.set(key, (counter.get(key) ?? 0) + 1);
}
