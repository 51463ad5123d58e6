/**
 * `trace_report` (traces.md §11): what a batch of traces holds before it steers generation:
 * counts, tools and faults observed, the label census, and, given the agent's tools, which
 * grid values the traces add weight to and which observed tools the agent does not have.
 *
 * Benchmarked with `loadTraces` at 100k rows: one pass that loads each row (a loaded row is read
 * in place, not copied) and mines it, keeping its prompt; one for the census (which must see the
 * raw rows); one light pass over the kept prompts for the distinct count.
 */
import * as z from "zod/mini";
import { CLEAN_CONDITION, CLEAN_WORLD, NO_FAULT } from "../constants.js";
import { buildDimensions } from "../dimensions/build-dimensions.js";
import { aimDimensions } from "../dimensions/dimensions-from-traces.js";
import type { RewardKey } from "../labels.js";
import { mineCounters, type MinedCounters, type ToolTally } from "../mine.js";
import { type Dict, get, isDict, or, pyCollapse, pyIter, pyStr, truthy } from "@whileai/hash-embed/internal";
import { RowLoader } from "../rows/canonical-row.js";
import { parseOptions } from "../rows/options.js";
import { labelCensus, type LabelCensus } from "./label-census.js";
import { toolSchemas, type ToolSchema } from "./tool-schemas.js";

export interface TraceReportOptions {
  /** The agent's tools as OpenAI function schemas; enables `emphasis` and `foreign_tools`. */
  tools?: readonly ToolSchema[] | null;
  /** The agent's policy text, read by the grid builder. */
  policy?: string;
  rewardKey?: RewardKey;
  threshold?: number | string | boolean | null;
}

export interface TraceReport extends LabelCensus {
  traces: number;
  /** Input rows that are not objects or carry neither a prompt nor a step. */
  dropped: number;
  unique_prompts: number;
  tools_observed: Record<string, ToolTally>;
  faults_observed: Record<string, number>;
  world_states_observed: Record<string, number>;
  distinct_behaviors: number;
  /** Present whenever tools are given: grid values the traces move forward, by axis. */
  emphasis?: Record<string, string[]>;
  /** Observed tools the agent's toolset does not name, in first-seen order. */
  foreign_tools?: string[];
}

const OptionsSchema = z.strictObject({
  tools: z.optional(z.unknown()),
  policy: z.optional(z.unknown()),
  rewardKey: z.optional(z.unknown()),
  threshold: z.optional(z.unknown()),
});

const EMPHASIS_AXES = ["tool", "tool_condition", "world_state"] as const;
const CLEAN_VALUES: ReadonlySet<string> = new Set([CLEAN_CONDITION, CLEAN_WORLD, NO_FAULT]);

/** `trace_report(traces, tools=, policy=, reward_key=, threshold=)`. */
export function traceReport(traces: Iterable<unknown>, options: TraceReportOptions = {}): TraceReport {
  const { tools: toolsOption, policy = "", rewardKey, threshold } = parseOptions(OptionsSchema, options, "traceReport");
  const tools = toolSchemas(toolsOption);
  if (typeof traces === "string") {
    throw new TypeError('traceReport: a string is a file path in Python; read the file with loadJsonl from "@whileai/traces/node" and pass the rows');
  }
  // `list(traces)`: a dict argument gives its keys, which load as nothing and count as dropped.
  const raw: readonly unknown[] = Array.isArray(traces) ? traces : Array.from(pyIter(traces));
  // `load_traces(traces)`, but a row that is already canonical (rows from loadTraces, as
  // callers usually pass) is read in place: the report neither changes nor returns a row.
  // Each row is loaded and mined in turn, its prompt kept for the distinct count; the census
  // reads the raw rows.
  const loader = new RowLoader(rewardKey as RewardKey, threshold);
  const rowPrompts: unknown[] = [];
  const mined = mineCounters(raw, {}, false, (source) => {
    const row = loader.view(source);
    if (row !== null) rowPrompts.push(get(row as Dict, "prompt"));
    return row;
  });
  const census = labelCensus(raw, { rewardKey: rewardKey as RewardKey, threshold });
  const kept = rowPrompts.length;
  const prompts = new Set<string>();
  // `" ".join(py_str(prompt or "").lower().split())`; pyCollapse skips the split for a tidy ASCII prompt.
  for (let i = 0; i < kept; i++) prompts.add(pyCollapse(pyStr(or(rowPrompts[i], ""))));

  const report: TraceReport = {
    traces: kept,
    dropped: raw.length - kept,
    unique_prompts: prompts.size,
    tools_observed: Object.fromEntries(mined.tools),
    faults_observed: Object.fromEntries(mined.faults),
    world_states_observed: Object.fromEntries(mined.world_states),
    distinct_behaviors: mined.unique_behaviors,
    ...census,
  };
  if (tools !== null && tools.length > 0) {
    report.emphasis = emphasis(mined, tools, policy);
    const names = new Set<string>();
    for (const tool of tools) {
      const fn = or(get(tool, "function"), tool);
      // Python's `.get` would crash on a non-dict `function`; that tool names nothing here.
      if (isDict(fn)) names.add(pyStr(or(get(fn, "name"), "")));
    }
    const foreign = [...mined.tools.keys()].filter((name) => !names.has(name));
    if (foreign.length > 0) report.foreign_tools = foreign;
  }
  return report;
}

/**
 * Per axis, the observed values the traces moved ahead of where the plain grid puts them (or
 * kept when the traces narrowed the axis), clean values excluded.
 */
function emphasis(mined: MinedCounters, tools: Dict[], policy: unknown): Record<string, string[]> {
  // dimensions_from_traces(rows, tools, policy) mines the rows again with the same defaults; reuse ours.
  const aimed: Dict = aimDimensions(mined, tools, { policy });
  const base: Dict = buildDimensions(tools, { policy });
  const out: Record<string, string[]> = {};
  for (const axis of EMPHASIS_AXES) {
    const b = axisValues(base, axis);
    const a = axisValues(aimed, axis);
    const pos = new Map<unknown, number>();
    for (const [i, value] of b.entries()) pos.set(value, i); // a duplicate keeps its last index, as dict assignment does
    const narrowed = a.length < b.length;
    const gained: string[] = [];
    a.forEach((value, i) => {
      const at = pos.get(value);
      if (at !== undefined && !CLEAN_VALUES.has(value as string) && (narrowed || i < at)) gained.push(value as string);
    });
    if (gained.length > 0) out[axis] = gained;
  }
  return out;
}

function axisValues(dimensions: Dict, axis: string): unknown[] {
  const values = or(get(dimensions, axis), []);
  return Array.isArray(values) ? values : truthy(values) ? Array.from(values as Iterable<unknown>) : [];
}
