/** `_normalize_step` (traces.md §3.2): one spelling for a tool step's arguments and result. */
import { ARG_KEYS, RESULT_KEYS } from "../constants.js";
import { has, type Dict } from "@whileai/hash-embed/internal";
import { withKeyMoved } from "./object.js";

/**
 * A step without a `tool` key comes back as the same object. A tool step comes back as a copy
 * where the first present alias in `ARG_KEYS` becomes `arguments` and the first in `RESULT_KEYS`
 * becomes `result`, each appended last; values are never converted. The alias arrays are read at
 * call time, so a caller may push new spellings onto them.
 */
export function normalizeStep(step: Dict): Dict {
  const out = normalizeOwnStep(step);
  return out === step && has(step, "tool") ? { ...step } : out;
}

/**
 * `normalizeStep` for a step this package just built (from `messages`): the same renames, but
 * returned without a copy when nothing moves, since no caller holds the original.
 */
export function normalizeOwnStep(step: Dict): Dict {
  // Fixed keys read as plain properties: none is an Object.prototype name, so only the step's
  // own value can answer. The aliases, which callers may extend, go through `has`.
  if (step.tool === undefined) return step;
  const args = step.arguments !== undefined ? undefined : firstPresent(step, ARG_KEYS);
  const result = step.result !== undefined ? undefined : firstPresent(step, RESULT_KEYS);
  if (args === undefined && result === undefined) return step;
  // An alias list that names the other rename's keys makes the second rename read the first
  // one's output: those steps are renamed one at a time. Otherwise the moves found above are
  // made in one copy.
  if (args === "result" || RESULT_KEYS.includes("arguments") || (args !== undefined && RESULT_KEYS.includes(args))) {
    return renameFirst(renameFirst(step, ARG_KEYS, "arguments"), RESULT_KEYS, "result");
  }
  if (result === undefined) return withKeyMoved(step, args as string, "arguments");
  if (args === undefined) return withKeyMoved(step, result, "result");
  return withBothMoved(step, args, result);
}

function firstPresent(step: Dict, aliases: readonly string[]): string | undefined {
  for (const key of aliases) if (has(step, key)) return key;
  return undefined;
}

/** `args` moved to `arguments`, then `result` to `result`, both appended last, in one copy. */
function withBothMoved(step: Dict, args: string, result: string): Dict {
  // Object rest copies with CreateDataProperty, so a "__proto__" key stays data.
  const { [args]: _args, [result]: _result, ...out } = step;
  out.arguments = step[args];
  out.result = step[result];
  return out;
}

function renameFirst(step: Dict, aliases: readonly string[], target: string): Dict {
  if (has(step, target)) return step;
  const key = firstPresent(step, aliases);
  return key === undefined ? step : withKeyMoved(step, key, target);
}
