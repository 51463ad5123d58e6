/**
 * Python's `for x in value` over what a caller passes as `generated`, `rows` or `sources`.
 * Unlike the row readers (iterate.ts), a string's characters and a dict's keys are real items
 * here: Python judges each as a text. A number or bool, where Python raises TypeError, yields
 * nothing, so the scan never throws on odd input.
 */
import { isDict } from "../py/index.js";

export function pyIter(value: unknown): readonly unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === "string") return Array.from(value);
  if (isDict(value)) return Object.keys(value).filter((key) => value[key] !== undefined);
  if (value !== null && typeof value === "object" && Symbol.iterator in value) return Array.from(value as Iterable<unknown>);
  return [];
}
