/** What `wai flaws` does once its command line is parsed: find the flawed rows, count each tool's faults, print. */
import { faultFromResult, flawRows, mineTraces, type TraceRow } from "@whileai/traces";
import { readInputs, reportInputs } from "../input/index.js";
import { currentIo } from "../io.js";
import { outputFormat, writeRowsTo } from "../row-output.js";
import { isStdout, note, writeJson, writeText } from "../output.js";
import type { FlawsFlags } from "./flaws.js";
import { readOptions } from "./input-options.js";

/** One tool's calls. Lists, not objects, so chips such as "500" keep their order in JSON. */
export interface ToolFaults {
  tool: string;
  calls: number;
  faulted: number;
  faults: { fault: string; calls: number }[];
}

export async function runFlaws(inputs: string[], flags: FlawsFlags): Promise<void> {
  outputFormat(flags.output);
  const { rows, inputs: reports } = await readInputs(inputs, readOptions(flags));
  const flawed = flawRows(rows);
  const mined = mineTraces(rows);
  const tools = toolFaults(rows);
  if (flags.output !== undefined) await writeRowsTo(flags.output, flawed);
  const summary = {
    rows: rows.length,
    flawed_rows: flawed.length,
    faulted_rows: Object.values(mined.faults).reduce((sum, n) => sum + n, 0),
    label_fails: mined.label_fails,
    // Entries, not an object: a chip named "500" would jump to the front of a JSON object.
    faults: Object.entries(mined.faults)
      .map(([fault, rowsWith]) => ({ fault, rows: rowsWith }))
      .sort((a, b) => b.rows - a.rows),
    tools,
    inputs: reports,
  };
  if (flags.json) {
    writeJson(summary);
    return;
  }
  reportInputs(reports);
  const text = formatFlaws(summary);
  if (flags.output !== undefined && isStdout(flags.output)) currentIo().stderr.write(text);
  else writeText(text);
  if (flags.output !== undefined && !isStdout(flags.output)) note(`wrote ${flawed.length} flawed rows to ${flags.output}`);
}

/** Each tool's calls and faulted calls by chip, in first-seen order; a call counts when it has a result. */
export function toolFaults(rows: readonly TraceRow[]): ToolFaults[] {
  const byTool = new Map<string, { calls: number; faulted: number; faults: Map<string, number> }>();
  for (const row of rows) {
    if (!Array.isArray(row.steps)) continue;
    for (const step of row.steps as unknown[]) {
      if (typeof step !== "object" || step === null) continue;
      const { tool, result } = step as { tool?: unknown; result?: unknown };
      if (typeof tool !== "string" || tool === "") continue;
      let entry = byTool.get(tool);
      if (entry === undefined) byTool.set(tool, (entry = { calls: 0, faulted: 0, faults: new Map() }));
      entry.calls++;
      if (result === undefined || result === null) continue;
      const fault = faultFromResult(result);
      if (fault === "") continue;
      entry.faulted++;
      entry.faults.set(fault, (entry.faults.get(fault) ?? 0) + 1);
    }
  }
  return [...byTool].map(([tool, { calls, faulted, faults }]) => ({
    tool,
    calls,
    faulted,
    faults: [...faults].map(([fault, n]) => ({ fault, calls: n })).sort((a, b) => b.calls - a.calls),
  }));
}

function formatFlaws(summary: { rows: number; flawed_rows: number; faulted_rows: number; label_fails: number; tools: ToolFaults[] }): string {
  const lines = [
    `flawed rows: ${summary.flawed_rows} of ${summary.rows} (${summary.faulted_rows} with a faulted call, ${summary.label_fails} with a failing label)`,
    "",
  ];
  const width = Math.max(4, ...summary.tools.map((t) => t.tool.length));
  lines.push(`${"tool".padEnd(width)}  ${"calls".padStart(5)}  ${"faulted".padStart(7)}  faults`);
  for (const t of summary.tools) {
    const chips = t.faults.map((f) => `${f.fault} x${f.calls}`).join(", ") || "-";
    lines.push(`${t.tool.padEnd(width)}  ${String(t.calls).padStart(5)}  ${String(t.faulted).padStart(7)}  ${chips}`);
  }
  return `${lines.join("\n")}\n`;
}
