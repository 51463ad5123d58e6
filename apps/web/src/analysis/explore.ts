/**
 * Everything the explorer shows about one file, computed once per file and label setting: the
 * rows as loaded, `traceReport` over the rows as read (aimed at the tools the traces show, as
 * `pnpm start` does), the drafted harness, and the per-task labels the charts draw.
 */
import { inferHarness, loadTraces, traceReport, type Harness, type ToolSchema, type TraceReport, type TraceRow } from "@whileai/traces";
import type { SpansByConversation } from "@whileai/ingest";
import { spansLookup, type SpansOf } from "./row-spans.js";
import { taskLabels, type TaskLabels } from "./task-labels.js";

export interface LabelSettings {
  /** The label column(s); empty means the defaults (`reward`, then the advisory `qwen_reward`). */
  rewardKey: string[];
  /** A bar that turns numeric labels into 0/1, or null for none. */
  threshold: number | null;
}

export const DEFAULT_LABELS: LabelSettings = { rewardKey: [], threshold: null };

export interface Exploration {
  rows: TraceRow[];
  report: TraceReport;
  harness: Harness;
  tasks: TaskLabels;
  /** An OpenTelemetry row's spans (none for other formats). */
  spansOf: SpansOf;
}

/** What the load worker computes and posts: an Exploration without its span lookup (a function cannot cross to the page). */
export type ExplorationData = Omit<Exploration, "spansOf">;

/** The page's Exploration: the worker's analyses with the span lookup over the spans it posted. */
export function withSpans(data: ExplorationData, spans: SpansByConversation | undefined): Exploration {
  return { ...data, spansOf: spansLookup(spans) };
}

/** The options every analysis here passes, in the spelling `@whileai/traces` takes. */
export function labelOptions(labels: LabelSettings): { rewardKey?: string | string[]; threshold?: number } {
  const out: { rewardKey?: string | string[]; threshold?: number } = {};
  if (labels.rewardKey.length === 1) out.rewardKey = labels.rewardKey[0];
  else if (labels.rewardKey.length > 1) out.rewardKey = labels.rewardKey;
  if (labels.threshold !== null) out.threshold = labels.threshold;
  return out;
}

export function explore(raw: readonly unknown[], labels: LabelSettings): ExplorationData {
  const options = labelOptions(labels);
  // What loading drops is the front door's report to show (SourceSummary); traceReport counts it too.
  const rows = loadTraces(raw, options);
  const harness = inferHarness(rows);
  // InferredTool is a plain OpenAI function schema; ToolSchema is typed as any such object.
  const report = traceReport(raw, { ...options, tools: harness.tools as unknown as ToolSchema[] });
  return { rows, report, harness, tasks: taskLabels(rows) };
}
