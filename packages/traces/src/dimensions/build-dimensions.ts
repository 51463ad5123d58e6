/**
 * The coverage grid's axes for one agent, from its tools and policy (traces-helpers.md §3,
 * Python `generate/scenarios.py: build_dimensions`). Every value here is one the scenario
 * writer and the sandbox understand, which is why trace aiming starts from it.
 */
import * as z from "zod/mini";

import { type Dict, has, isDict, pyItems, pyStr, pyStrip } from "@whileai/hash-embed/internal";
import { parseOptions } from "../rows/options.js";
import { policySections, RULE_AXIS_CAP_GRID } from "./policy-sections.js";

export const STANCES: readonly string[] = Object.freeze([
  "ordinary",
  "ambiguous",
  "boundary",
  "adversarial",
  "hurried",
  "unsure",
  "retry",
  "mistaken",
  "exploratory",
  "conflicting",
]);
export const WORLD_STATES: readonly string[] = Object.freeze([
  "entity exists",
  "entity missing",
  "entity already acted on",
  "duplicate entity",
  "partially completed",
  "unknown",
]);
export const TOOL_CONDITIONS: readonly string[] = Object.freeze(["success", "timeout", "malformed_result", "stale_result", "permission_denied"]);
export const HISTORIES: readonly string[] = Object.freeze(["fresh", "prior_failure", "prior_partial_action", "contradicts_earlier", "repeat visit"]);
/** The axes `buildDimensions` produces, in its key order. */
export const COVERAGE_AXES: readonly string[] = Object.freeze(["tool", "rule", "stance", "world_state", "tool_condition", "history"]);
/**
 * Policy clauses on the grid's rule axis. Python reads `ZP_RULE_CAP` from the environment at
 * import; this package also runs in browsers, so the cap is the `ruleCap` option instead.
 */
export const RULE_CAP = RULE_AXIS_CAP_GRID;

/** The grid axes: `tool`, `rule`, `stance`, `world_state`, `tool_condition`, `history`. */
export type Dimensions = Record<string, string[]>;

export interface BuildDimensionsOptions {
  /** The agent's policy text; its clauses make the rule axis. */
  policy?: unknown;
  /** Most policy clauses on the rule axis (default 16); `null` keeps every clause. */
  ruleCap?: number | null;
}

const BuildDimensionsOptionsSchema = z.strictObject({ policy: z.optional(z.unknown()), ruleCap: z.optional(z.nullable(z.number())) });

/**
 * `tool.get("function", tool)`: the OpenAI `{type, function: {...}}` shape or a flat `{name, ...}`.
 * Null where Python would call `.get` on a non-dict and raise; such a tool is skipped.
 */
function toolFunction(tool: unknown): Dict | null {
  if (!isDict(tool)) return {};
  const fn = has(tool, "function") ? tool.function : tool;
  return isDict(fn) ? fn : null;
}

/** `_tool_names`: stripped `str(name)` of each tool, empty names skipped (a None name is "None"). */
function toolNames(tools: unknown): string[] {
  const names: string[] = [];
  for (const tool of pyItems(tools)) {
    const fn = toolFunction(tool);
    if (fn === null) continue;
    const name = pyStrip(pyStr(has(fn, "name") ? fn.name : ""));
    if (name) names.push(name);
  }
  return names;
}

// Argument names that point at an entity, which makes world-state faults meaningful. Python's
// `$` also matches before one final newline, so "order_id\n" is a reference key; JS `$` is not.
const REFERENCE_KEY = /(^id|_id|^path|_path|^file|^name|^key|^ref|^reference|_ref|^number|^repo|^asin|^sku)(?=\n?$)/iu;
// Python's IGNORECASE also matches dotless ı and dotted İ to `i`; JS case folding does not.
const TURKIC_I = /[\u0130\u0131]/g;

/** `scan(schema)`: a reference-like property name here or in a nested object schema. */
function scanSchema(schema: Dict): boolean {
  const properties = schema.properties;
  // A truthy non-dict `properties` makes Python raise; it holds no reference key for us.
  if (!isDict(properties)) return false;
  for (const key of Object.keys(properties)) {
    const child = properties[key];
    if (child === undefined) continue;
    if (REFERENCE_KEY.test(key.replace(TURKIC_I, "i"))) return true;
    if (isDict(child) && child.type === "object" && scanSchema(child)) return true;
  }
  return false;
}

/** `_has_reference_keys`: does any tool's `parameters` schema name an entity? */
export function hasReferenceKeys(tools: unknown): boolean {
  for (const tool of pyItems(tools)) {
    const fn = toolFunction(tool);
    if (fn === null) continue;
    const parameters = fn.parameters;
    if (isDict(parameters) && scanSchema(parameters)) return true;
  }
  return false;
}

/**
 * `build_dimensions(tools, policy="", rule_cap=...)`: the coverage axes for this agent. The world
 * axis is offered only when some tool takes an entity reference (`order_id`, `path`, `sku`...).
 */
export function buildDimensions(tools: unknown, options?: BuildDimensionsOptions): Dimensions {
  const { policy = "", ruleCap = RULE_CAP } = parseOptions(BuildDimensionsOptionsSchema, options, "buildDimensions");
  const rules = policySections(policy, ruleCap);
  return {
    tool: [...new Set([...toolNames(tools), "unrelated", "multi_tool"])],
    rule: rules.length ? rules : ["unspecified"],
    stance: [...STANCES],
    world_state: hasReferenceKeys(tools) ? [...WORLD_STATES] : ["unspecified"],
    tool_condition: [...TOOL_CONDITIONS],
    history: [...HISTORIES],
  };
}
