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
  if (!has(step, "tool")) return step;
  return renameFirst(renameFirst(step, ARG_KEYS, "arguments"), RESULT_KEYS, "result");
}

function renameFirst(step: Dict, aliases: readonly string[], target: string): Dict {
  if (has(step, target)) return step;
  for (const key of aliases) if (has(step, key)) return withKeyMoved(step, key, target);
  return step;
}
