// The check behind every package's exports.test.ts: an entry exports exactly the names its test
// lists, and each public one is named in the package README (in a code block or a `code span`).
import { readFileSync } from "node:fs";
import { expect } from "vitest";

/** An entry's runtime names, sorted. */
export function entryNames(entry) {
  return Object.keys(entry).sort();
}

/** The names of `names` that no code block or code span of the Markdown file at `readme` names. */
export function undocumented(readme, names) {
  const text = readFileSync(readme, "utf8");
  const blocks = [...text.matchAll(/^```.*\n([\s\S]*?)^```/gm)].map((match) => match[1]);
  const spans = [...text.replace(/^```[\s\S]*?^```/gm, "").matchAll(/`([^`]+)`/g)].map((match) => match[1]);
  const code = [...blocks, ...spans];
  return [...names].sort().filter((name) => !code.some((piece) => new RegExp(`\\b${name}\\b`).test(piece)));
}

/** `entry` exports exactly `names`; given a README, every one of them is documented there. */
export function expectEntry(entry, names, readme) {
  expect(entryNames(entry)).toEqual([...names].sort());
  if (readme !== undefined) expect(undocumented(readme, names)).toEqual([]);
}
