/**
 * The dataset profile (`GET /datasets/{id}/profile`) and preview report: one pass over the rows,
 * counting what decides whether a set can train (grading, per-task outcome mix, tool use, size).
 */
import type { Readable } from "node:stream";

/** A row's reward, when it has a usable one: a finite number or a boolean. */
function reward(row: Record<string, unknown>): number | null {
  const r = row["reward"];
  if (typeof r === "boolean") return r ? 1 : 0;
  return typeof r === "number" && Number.isFinite(r) ? r : null;
}

/** The task a row belongs to: `scenario_id`, then `task_id`, then `prompt` (traces.md `task_key`). */
function taskKey(row: Record<string, unknown>): string | null {
  for (const k of ["scenario_id", "task_id", "prompt"]) {
    const v = row[k];
    if (typeof v === "string" && v) return v;
    if (typeof v === "number") return String(v);
  }
  return null;
}

function isDict(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Tool names a row called: `steps[].tool` and the names inside `steps[].tool_calls` (`name` or `function.name`). */
function toolNames(row: Record<string, unknown>): string[] {
  const steps = row["steps"];
  if (!Array.isArray(steps)) return [];
  const names: string[] = [];
  for (const step of steps) {
    if (!isDict(step)) continue;
    if (typeof step["tool"] === "string" && step["tool"]) names.push(step["tool"]);
    const calls = step["tool_calls"];
    if (!Array.isArray(calls)) continue;
    for (const c of calls) {
      if (!isDict(c)) continue;
      const fn = c["function"];
      const name = typeof c["name"] === "string" ? c["name"] : isDict(fn) && typeof fn["name"] === "string" ? fn["name"] : null;
      if (name) names.push(name);
    }
  }
  return names;
}

function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}

interface TaskTally {
  rows: number;
  passes: number;
}

/** Accumulates the profile row by row; `result()` can be called at any point. */
export class Profiler {
  private n = 0;
  private invalid = 0;
  private graded = 0;
  private passes = 0;
  private bytes = 0;
  private rowsWithTools = 0;
  private toolCalls = 0;
  private readonly tools = new Map<string, number>();
  private readonly tasks = new Map<string, TaskTally>();

  /** One non-blank line: its parsed value (`undefined` when it is not JSON) and its UTF-8 size. */
  add(row: unknown, lineBytes: number): void {
    this.bytes += lineBytes;
    if (!isDict(row)) {
      // Not JSON, or JSON that is not an object: counted, never analyzed.
      this.invalid++;
      return;
    }
    this.n++;
    const names = toolNames(row);
    if (names.length) this.rowsWithTools++;
    this.toolCalls += names.length;
    for (const name of names) this.tools.set(name, (this.tools.get(name) ?? 0) + 1);
    const r = reward(row);
    if (r === null) return;
    this.graded++;
    // The platform's pass rule: a run passes when reward >= 1.0 (platform-and-otel.md §4.22).
    const pass = r >= 1 ? 1 : 0;
    this.passes += pass;
    const key = taskKey(row);
    if (key === null) return;
    const t = this.tasks.get(key) ?? { rows: 0, passes: 0 };
    t.rows++;
    t.passes += pass;
    this.tasks.set(key, t);
  }

  result(): Record<string, unknown> {
    let mixed = 0;
    let mixedRows = 0;
    const perTask: Record<string, unknown>[] = [];
    for (const [task, t] of this.tasks) {
      const isMixed = t.passes > 0 && t.passes < t.rows;
      if (isMixed) {
        mixed++;
        mixedRows += t.rows;
      }
      perTask.push({ task, rows: t.rows, pass_rate: round4(t.passes / t.rows), mixed: isMixed });
    }
    const tools: Record<string, number> = {};
    for (const [name, count] of [...this.tools].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) tools[name] = count;
    return {
      n: this.n,
      invalid_lines: this.invalid,
      graded: this.graded,
      pass_rate: this.graded ? round4(this.passes / this.graded) : null,
      tasks: this.tasks.size,
      mixed_tasks: mixed,
      gradient_support: this.graded ? round4(mixedRows / this.graded) : null,
      per_task: perTask,
      tool_use: { rows_with_tools: this.rowsWithTools, tool_calls: this.toolCalls, tools },
      tokens: { approx_total: Math.ceil(this.bytes / 4), approx_per_row: this.n ? Math.round(this.bytes / 4 / this.n) : 0 },
    };
  }
}

/** The blob's non-blank lines in order, each parsed (`undefined` when not JSON) with its byte length. */
export async function* jsonLines(stream: Readable): AsyncGenerator<{ value: unknown; bytes: number }> {
  let carry: Buffer = Buffer.alloc(0);
  const emit = (line: Buffer): { value: unknown; bytes: number } | null => {
    const text = line.toString("utf8").trim();
    if (!text) return null;
    try {
      return { value: JSON.parse(text) as unknown, bytes: line.length };
    } catch {
      return { value: undefined, bytes: line.length };
    }
  };
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    let nl: number;
    while ((nl = buf.indexOf(10)) !== -1) {
      const out = emit(buf.subarray(0, nl));
      if (out) yield out;
      buf = buf.subarray(nl + 1);
    }
    carry = Buffer.from(buf);
  }
  const last = emit(carry);
  if (last) yield last;
}
