/**
 * Parsers for option values, for commander's `.argParser()`. They throw commander's
 * `InvalidArgumentError`, which commander reports as a usage error (exit 2) naming the option.
 */
import { InvalidArgumentError } from "commander";

/** A finite number. */
export function parseNumber(value: string): number {
  const number = Number(value);
  if (value.trim() === "" || !Number.isFinite(number)) throw new InvalidArgumentError(`expected a number, got ${JSON.stringify(value)}`);
  return number;
}

/** A number in [0, 1]. */
export function parseFraction(value: string): number {
  const number = parseNumber(value);
  if (number < 0 || number > 1) throw new InvalidArgumentError(`expected a number from 0 to 1, got ${value}`);
  return number;
}

/** A number > 0 (sizes such as 0.5 MiB). */
export function parsePositiveNumber(value: string): number {
  const number = parseNumber(value);
  if (number <= 0) throw new InvalidArgumentError(`expected a number above 0, got ${value}`);
  return number;
}

/** An integer, any sign (seeds). */
export function parseInteger(value: string): number {
  const number = parseNumber(value);
  if (!Number.isSafeInteger(number)) throw new InvalidArgumentError(`expected an integer, got ${JSON.stringify(value)}`);
  return number;
}

/** An integer ≥ 1 (threads, counts). */
export function parsePositiveInteger(value: string): number {
  const number = parseInteger(value);
  if (number < 1) throw new InvalidArgumentError(`expected an integer of at least 1, got ${value}`);
  return number;
}

/** For repeatable options: `--x a --x b` collects into an array. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
