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

/** Prompts a synchronous input hands over at a time: one await a batch, not one an item. */
const SYNC_BATCH = 1024;

/**
 * The prompt of every item (Python `_prompt_of`: a row's `prompt`, a string itself, stripped),
 * in input order, in batches: up to 1,024 at a time from an array or iterable, and each item as
 * it arrives from an async iterable.
 */
export async function* promptBatches(input: unknown, name: string): AsyncGenerator<string[]> {
  checkPromptInput(input, name);
  if (isAsync(input)) {
    for await (const item of input) yield [promptOf(item)];
    return;
  }
  let batch: string[] = [];
  for (const item of input) {
    batch.push(promptOf(item));
    if (batch.length === SYNC_BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
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
