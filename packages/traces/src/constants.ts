/**
 * Module constants and the TRACE_* defaults of the Python SDK (traces.md §1, traces-helpers.md §4).
 * The key-spelling arrays are mutable and read at call time, as Python reads its tuples, so a
 * caller can teach `loadTraces` a new spelling by pushing onto them.
 */

export const NO_FAULT = "no fault";

export const FAULT_TO_AXIS: Readonly<Record<string, readonly [string, string]>> = Object.freeze({
  timeout: ["tool_condition", "timeout"],
  malformed: ["tool_condition", "malformed_result"],
  stale: ["tool_condition", "stale_result"],
  deny: ["tool_condition", "permission_denied"],
  error: ["tool_condition", "timeout"],
  not_found: ["world_state", "entity missing"],
  already_done: ["world_state", "entity already acted on"],
});

export const REWARD_KEYS: readonly string[] = ["reward"];
export const LEGACY_REWARD_KEYS: readonly string[] = ["qwen_reward"];
export const NO_COLUMN = "no_column";
export const NOT_BINARY = "not_binary";
export const SDK_NUMERIC_KEYS: ReadonlySet<string> = new Set(["logprob", "n_tokens", "rollout_index", "round", "schema_version", "seed", "timestamp", "ts"]);
export const CLEAN_CONDITION = "success";
export const CLEAN_WORLD = "entity exists";
export const SPECIAL_TOOLS: ReadonlySet<string> = new Set(["unrelated", "multi_tool"]);
export const UNKNOWN_WORLDS: ReadonlySet<string> = new Set(["unspecified", "unknown"]);

export const PROMPT_KEYS: string[] = ["prompt", "question", "input", "task", "ask"];
export const STEP_KEYS: string[] = ["steps", "tool_trace", "trace"];
export const FINAL_KEYS: string[] = ["final_text", "final", "output", "response", "answer"];
export const ARG_KEYS: string[] = ["arguments", "input", "args", "parameters"];
export const RESULT_KEYS: string[] = ["result", "output", "response"];
export const RESULT_BINDING: readonly string[] = ["id", "name", "fifo"];

export const OBSERVED_TOOL_DESCRIPTION = "{name}, observed in this agent's traces";
export const OBSERVED_ARG_TYPE = "string";
export const RECIPE_AXES: readonly string[] = ["tool", "tool_condition", "world_state", "stance", "history"];
export const SHAPE_KEY_KEYS = 10;
export const SHAPE_TEXT_BANDS = 4;

// defaults.py, TRACE section
/** Real result payloads kept per tool as shape templates. */
export const TRACE_EXEMPLARS_PER_TOOL = 3;
/** Serialized size cap on one exemplar (about 125 tokens). */
export const TRACE_EXEMPLAR_MAX_CHARS = 500;
/** A string inside an exemplar is cut here with an ellipsis. */
export const TRACE_EXEMPLAR_STRING_CHARS = 160;
export const TRACE_EXEMPLAR_LIST_ITEMS = 2;
export const TRACE_EXEMPLAR_DICT_KEYS = 12;
/** Cosine similarity at or above which a generated prompt is a near copy of a source trace. */
export const TRACE_LEAK_THRESHOLD = 0.9;
/** Offenders listed in a leakage report; the count is always complete. */
export const TRACE_LEAK_EXAMPLES = 20;
/** Rows set aside as pseudo production: the usual 80/20 split. */
export const TRACE_PSEUDO_PRODUCTION_FRACTION = 0.2;
/** Graded rows a behaviour region needs before its allocation is more than a hint. */
export const TRACE_MIN_SUPPORT = 3;
/** Share of the budget always kept for broad coverage (floor) and the most a caller can reserve (max). */
export const TRACE_EXPLORATION_FLOOR = 0.2;
export const TRACE_EXPLORATION_MAX = 0.6;
/** Status weight in the region priority. */
export const TRACE_STATE_PRIORITY: Readonly<Record<string, number>> = Object.freeze({
  new: 1.0,
  persistent: 0.9,
  uncertain: 0.35,
  improving: 0.2,
  solved: 0.05,
  passing: 0.05,
});
/** Failures at which the support factor reaches 1.0 (it starts at 0.5 with none). */
export const TRACE_SUPPORT_SATURATION = 6;
/** The rate factor is floor + (1 - floor) * fail rate. */
export const TRACE_RATE_FLOOR = 0.25;
/** Names shown per axis in the text report. */
export const TRACE_REPORT_LIST_CAP = 5;
/** Prompt characters in the split hash. */
export const TRACE_TASK_HASH_CHARS = 200;
