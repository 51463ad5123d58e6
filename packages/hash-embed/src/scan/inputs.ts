/**
 * The generated and source inputs of a scan: arrays, iterables or async iterables of prompt
 * strings or rows. A bare string or row is refused (it is one prompt, not a list of them).
 */
import { promptOf } from "../python/prompt-of.js";

export type PromptInput = Iterable<unknown> | AsyncIterable<unknown>;

function isAsync(x: object): x is AsyncIterable<unknown> {
  return Symbol.asyncIterator in x;
}

export function checkPromptInput(input: unknown, name: string): asserts input is PromptInput {
  const ok = input !== null && typeof input === "object" && (Symbol.iterator in input || Symbol.asyncIterator in input);
  if (!ok) {
    const got = input === null ? "null" : typeof input === "string" ? "a string" : Array.isArray(input) ? "an array" : typeof input === "object" ? "an object that is not iterable" : typeof input;
    throw new TypeError(`${name} must be an array or (async) iterable of prompts or rows, got ${got}`);
  }
}

/** The prompt of every item (Python `_prompt_of`: a row's `prompt`, a string itself, stripped). */
export async function* promptsOf(input: unknown, name: string): AsyncGenerator<string> {
  checkPromptInput(input, name);
  if (isAsync(input)) {
    for await (const item of input) yield promptOf(item);
  } else {
    for (const item of input) yield promptOf(item);
  }
}

/** The synchronous form, for arrays and iterables. */
export function* promptsOfSync(input: unknown, name: string): Generator<string> {
  checkPromptInput(input, name);
  if (isAsync(input) && !(Symbol.iterator in input)) throw new TypeError(`${name} is an async iterable: use scanLeakage, which awaits it`);
  for (const item of input as Iterable<unknown>) yield promptOf(item);
}

/** The number of items when it is known up front (arrays and typed arrays), else null. */
export function knownLength(input: unknown): number | null {
  return Array.isArray(input) ? input.length : null;
}
