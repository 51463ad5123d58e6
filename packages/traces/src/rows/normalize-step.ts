/** `_normalize_step` (traces.md §3.2): one spelling for a tool step's arguments and result. */
import { ARG_KEYS, RESULT_KEYS } from "../constants.js";
import { has, type Dict } from "../py/index.js";
import { withKeyMoved } from "./object.js";

/**
 * A step without a `tool` key comes back as the same object. A tool step comes back as a copy
 * where the first present alias in `ARG_KEYS` becomes `arguments` and the first in `RESULT_KEYS`
 * becomes `result`, each appended last; values are never converted. The alias arrays are read at
 * call time, so a caller may push new spellings onto them.
 */
export function normalizeStep(step: Dict): Dict {
  if (!has(step, "tool")) return step;
  const out = renameFirst(renameFirst(step, ARG_KEYS, "arguments"), RESULT_KEYS, "result");
  return out === step ? { ...step } : out;
}

function renameFirst(step: Dict, aliases: readonly string[], target: string): Dict {
  if (has(step, target)) return step;
  for (const key of aliases) if (has(step, key)) return withKeyMoved(step, key, target);
  return step;
}
