/**
 * The one deprecation this package emits: the legacy `qwen_reward` label key (traces.md §2.7).
 *
 * Python raises a `DeprecationWarning` once per process. JavaScript has no portable warnings
 * module (Node's `process.emitWarning` is not in browsers), so the sentence goes to
 * `console.warn` once per process by default, and `onDeprecation` lets a caller route it to
 * its own channel (a logger, a test spy) or silence it with a no-op.
 */
import { sortedStrings } from "@whileai/hash-embed/internal";

export type DeprecationHandler = (message: string) => void;

const consoleWarn: DeprecationHandler = (message) => console.warn(`DeprecationWarning: ${message}`);

let handler: DeprecationHandler = consoleWarn;
let legacyKeyWarned = false;

/**
 * Route deprecation messages to `next` (`null` restores `console.warn`). Returns the previous
 * handler so a caller can put it back.
 */
export function onDeprecation(next: DeprecationHandler | null): DeprecationHandler {
  const previous = handler;
  handler = next ?? consoleWarn;
  return previous;
}

/**
 * `_warn_legacy_reward_key(names)`: once per process, like Python's module flag; nothing is
 * emitted for an empty list. Python's sentence, with the option spelled as this package takes it
 * (a warning channel, not a report field, so no vector pins its words).
 */
export function warnLegacyRewardKey(names: Iterable<string>): void {
  if (legacyKeyWarned) return;
  const sorted = sortedStrings(names);
  if (sorted.length === 0) return;
  legacyKeyWarned = true;
  handler(
    `${sorted.join(", ")} is a label key named after one model, read here for one more release. ` +
      `Name the column instead: { rewardKey: ${JSON.stringify(sorted[0])} }.`,
  );
}
