/**
 * `format_trace_report` (traces.md §12): the report as the short text a person reads before a
 * simulation run. Lines are joined with "\n", with no trailing newline.
 */
import type { TraceReport } from "./trace-report.js";
import { TRACE_REPORT_LIST_CAP } from "../constants.js";
import { compareStrings, get, isDict, or, pyStr, truthy, type Dict } from "@whileai/hash-embed/internal";
import { typeName } from "../rows/options.js";

const AXIS_LABELS: ReadonlyMap<string, string> = new Map([["tool", "tools"], ["tool_condition", "faults"], ["world_state", "world states"]]);
const LABEL_WIDTH = 20;

/** Python's `report[key]` on a missing key raises a KeyError; so does this, saying which key of the report it was. */
function keyError(path: string): Error {
  const error = new Error(`formatTraceReport: report.${path} is missing (pass the object traceReport returns)`);
  error.name = "KeyError";
  return error;
}

function required(report: Dict, key: string, path = key): unknown {
  if (!Object.hasOwn(report, key) || report[key] === undefined) throw keyError(path);
  return report[key];
}

function line(label: string, value: string): string {
  return label.padEnd(LABEL_WIDTH) + value;
}

/** `dict.items()` sorted by name; only a dict has items, anything else throws as Python would. */
function sortedItems(value: unknown, key: string): [string, unknown][] {
  if (!isDict(value)) throw new TypeError(`formatTraceReport: report.${key} must be an object, got ${typeName(value)}`);
  return Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort((a, b) => compareStrings(a[0], b[0]));
}

/** `values[:n]` of a list, or of a string's characters, as Python slices either. */
function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === "string") return Array.from(value);
  return [];
}

/** The text report. Throws a KeyError-named Error when a required key is missing. */
export function formatTraceReport(report: TraceReport | Readonly<Record<string, unknown>>): string {
  if (!isDict(report)) throw new TypeError(`formatTraceReport takes the object traceReport returns, got ${typeName(report)}`);
  const traces = required(report, "traces");
  const uniquePrompts = required(report, "unique_prompts");
  const behaviors = required(report, "distinct_behaviors");
  let graded = `${pyStr(required(report, "graded"))} (pass ${pyStr(required(report, "passes"))} / fail ${pyStr(required(report, "fails"))}), ungraded ${pyStr(required(report, "ungraded"))}`;
  const nonBinary = get(report, "non_binary_labels");
  if (truthy(nonBinary)) graded += `, labelled but not 0/1 ${pyStr(nonBinary)}`;
  const advisory = get(report, "advisory_labels");
  if (truthy(advisory)) graded += `, advisory judge labels ${pyStr(advisory)} (these steer aiming)`;

  const tools = sortedItems(required(report, "tools_observed"), "tools_observed").map(([name, slot]) => {
    const path = `tools_observed[${JSON.stringify(name)}]`;
    if (!isDict(slot)) throw new TypeError(`formatTraceReport: report.${path} must be an object, got ${typeName(slot)}`);
    const faulted = get(slot, "fault_n");
    return `${name} x${pyStr(required(slot, "n", `${path}.n`))}` + (truthy(faulted) ? ` (${pyStr(faulted)} calls faulted)` : "");
  });
  const faults = sortedItems(required(report, "faults_observed"), "faults_observed").map(([name, count]) => `${name} x${pyStr(count)}`);

  const lines = [
    line("traces:", pyStr(traces)),
    line("unique prompts:", pyStr(uniquePrompts)),
    line("distinct behaviors:", pyStr(behaviors)),
    line("graded:", graded),
    line("tools observed:", tools.join(", ") || "none"),
    line("faults observed:", faults.join(", ") || "none"),
  ];
  const dropped = get(report, "dropped");
  if (truthy(dropped)) lines.push(line("dropped rows:", `${pyStr(dropped)} (no usable signal after normalization)`));
  const foreign = get(report, "foreign_tools");
  if (truthy(foreign)) {
    const shown = listOf(foreign).slice(0, TRACE_REPORT_LIST_CAP).map(pyStr);
    lines.push(`warning: observed tools not in this agent's toolset: ${shown.join(", ")}`);
  }
  for (const warning of listOf(or(get(report, "warnings"), []))) lines.push(`warning: ${pyStr(warning)}`);

  const emphasis = get(report, "emphasis");
  if (truthy(emphasis) && isDict(emphasis)) {
    const parts: string[] = [];
    for (const [axis, raw] of Object.entries(emphasis)) {
      if (raw === undefined) continue;
      const values = listOf(raw);
      let shown = values.slice(0, TRACE_REPORT_LIST_CAP).map(pyStr).join(", ");
      if (values.length > TRACE_REPORT_LIST_CAP) shown += ` (+${values.length - TRACE_REPORT_LIST_CAP} more)`;
      parts.push(`${AXIS_LABELS.get(axis) ?? axis} ${shown}`);
    }
    lines.push(`extra generation weight goes to: ${parts.join("; ")}`);
  } else {
    lines.push("grid emphasis: computed against the agent's tools at simulate time (pass tools= to preview it here)");
  }
  return lines.join("\n");
}
