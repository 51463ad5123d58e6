/**
 * Test-only: a fixture file as the records the front door hands a reader (a JSON Lines line each,
 * or each element of a JSON array, or a JSON object as one record), so reader tests do not
 * depend on the decoder. Not built (tsconfig excludes src/testing).
 */
import { readFileSync } from "node:fs";
import type { Problem, RecordReader, SourceRecord } from "../reader.js";

/** `fixtures/<path>` from the repository root. */
export function fixtureUrl(path: string): URL {
  return new URL(`../../../../fixtures/${path}`, import.meta.url);
}

export function fixtureRecords(path: string): SourceRecord[] {
  const text = readFileSync(fixtureUrl(path), "utf8");
  if (path.endsWith(".json")) {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.map((v, i) => ({ value: v as unknown, line: i + 1 })) : [{ value, line: 1 }];
  }
  return text.split("\n").flatMap((line, i) => (line === "" ? [] : [{ value: JSON.parse(line) as unknown, line: i + 1 }]));
}

/** A reader's row values for `records` and the problems it reported, in order. */
export function readAll(reader: RecordReader, records: readonly SourceRecord[]): { values: unknown[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const values = reader.read(records, (p) => problems.push(p));
  return { values, problems };
}
