/**
 * The agent's tool surface drafted from its traces (traces.md §9.1 and §13): exporters ship the
 * calls an agent made, almost never its tool schemas or system prompt.
 */
import { OBSERVED_ARG_TYPE, OBSERVED_TOOL_DESCRIPTION } from "./constants.js";

import { type Dict, get, isDict, pyItems, pyJsonLoadsOr, pyStr, pyStrip, sortedStrings, truthy } from "@whileai/hash-embed/internal";

/** An OpenAI-style function tool as `tools_from_traces` drafts it. */
export interface ObservedTool {
  type: "function";
  function: {
    name: string;
    description: string;
    parameters: { type: "object"; properties: Record<string, { type: string }> };
  };
}

/** An OpenAI-style function tool as `infer_harness` drafts it, with typed and required arguments. */
export interface InferredTool {
  type: "function";
  function: {
    name: string;
    parameters: { type: "object"; properties: Record<string, { type: string }>; required: string[] };
  };
}

export interface Harness {
  tools: InferredTool[];
  /** Always `""`: exporters do not ship system prompts, so the caller writes it. */
  policy: string;
  observed_calls: Record<string, number>;
}

/**
 * `tools_from_traces`: one function tool per observed tool name, sorted by name, whose
 * properties are every argument name seen in a dict `arguments` across its calls (all typed
 * `"string"`, none required).
 */
export function toolsFromTraces(traces: Iterable<unknown> | null | undefined): ObservedTool[] {
  const seen = new Map<string, Set<string>>();
  for (const row of pyItems(traces)) {
    if (!isDict(row)) continue;
    for (const step of pyItems(row.steps)) {
      if (!isDict(step) || !truthy(step.tool)) continue;
      const name = pyStr(step.tool);
      let args = seen.get(name);
      if (!args) seen.set(name, (args = new Set()));
      // Only a dict `arguments` adds names; a string or None still registers the tool (and a
      // number, where Python raises TypeError, is treated the same way).
      const raw = step.arguments;
      if (isDict(raw)) for (const key of Object.keys(raw)) if (raw[key] !== undefined) args.add(key);
    }
  }
  return sortedStrings(seen.keys()).map((name) => ({
    type: "function",
    function: {
      name,
      description: OBSERVED_TOOL_DESCRIPTION.replace("{name}", () => name),
      parameters: {
        type: "object",
        properties: Object.fromEntries(sortedStrings(seen.get(name) as Set<string>).map((arg) => [arg, { type: OBSERVED_ARG_TYPE }])),
      },
    },
  }));
}

/** `_json_type`: the JSON Schema type of an observed argument value; None reads as a string. */
function jsonType(value: unknown): string {
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number" || typeof value === "bigint") return "number";
  if (Array.isArray(value)) return "array";
  if (isDict(value)) return "object";
  return "string";
}

interface ToolCalls {
  calls: number;
  keys: Map<string, { n: number; types: Set<string> }>;
}

/**
 * The steps `infer_harness` reads: `steps`, or when that is empty, `tool_trace` items turned
 * into `{tool, arguments: item.input}`.
 */
function harnessSteps(row: Dict): Iterable<unknown> {
  const steps = get(row, "steps");
  const trace = get(row, "tool_trace");
  if (!truthy(steps) && Array.isArray(trace)) {
    return trace.filter(isDict).map((t) => ({ tool: get(t, "tool"), arguments: get(t, "input") }));
  }
  return pyItems(steps);
}

/**
 * `infer_harness`: a draft harness from observed calls. Each argument key becomes a property
 * typed by its observed values (`"string"` when they disagree), required when every call of
 * that tool carried it. Tool names are stripped here, unlike in the other readers.
 */
export function inferHarness(rows: Iterable<unknown> | null | undefined): Harness {
  const seen = new Map<string, ToolCalls>();
  for (const row of pyItems(rows)) {
    if (!isDict(row)) continue;
    for (const step of harnessSteps(row)) {
      if (!isDict(step)) continue;
      const tool = get(step, "tool");
      const name = pyStrip(truthy(tool) ? pyStr(tool) : "");
      if (!name) continue;
      let args = get(step, "arguments");
      if (typeof args === "string") args = pyJsonLoadsOr(args, {});
      let entry = seen.get(name);
      if (!entry) seen.set(name, (entry = { calls: 0, keys: new Map() }));
      entry.calls += 1;
      if (!isDict(args)) continue;
      for (const key of Object.keys(args)) {
        const value = args[key];
        if (value === undefined) continue;
        let info = entry.keys.get(key);
        if (!info) entry.keys.set(key, (info = { n: 0, types: new Set() }));
        info.n += 1;
        info.types.add(jsonType(value));
      }
    }
  }
  const names = sortedStrings(seen.keys());
  const tools = names.map((name): InferredTool => {
    const entry = seen.get(name) as ToolCalls;
    const keys = sortedStrings(entry.keys.keys());
    const properties: [string, { type: string }][] = [];
    const required: string[] = [];
    for (const key of keys) {
      const info = entry.keys.get(key) as { n: number; types: Set<string> };
      properties.push([key, { type: info.types.size === 1 ? (info.types.values().next().value as string) : "string" }]);
      if (info.n === entry.calls) required.push(key);
    }
    return {
      type: "function",
      function: { name, parameters: { type: "object", properties: Object.fromEntries(properties), required } },
    };
  });
  return {
    tools,
    policy: "",
    observed_calls: Object.fromEntries(names.map((name) => [name, (seen.get(name) as ToolCalls).calls])),
  };
}
