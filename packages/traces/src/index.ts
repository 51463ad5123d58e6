/**
 * Public surface of @whileai/traces: what the package README documents, and nothing else. The
 * building blocks the other whileai packages share with this one are in `./internal.ts`
 * (`@whileai/traces/internal`, not a public API); the HTTP embedders in `./embedders.ts`.
 */
export { ARG_KEYS, FAULT_TO_AXIS, FINAL_KEYS, NO_FAULT, PROMPT_KEYS, RESULT_KEYS, STEP_KEYS, TRACE_LEAK_THRESHOLD } from "./constants.js";
export type { Label, LabelOptions, LabelState, LabelStatus, RewardKey } from "./labels.js";
export { behaviorSignature, faultFromResult, traceFault } from "./grading/index.js";
export { mineTraces } from "./mine.js";
export type { MinedTraces, MineOptions, ToolTally } from "./mine.js";
export { loadTraces, loadTracesWithReport } from "./rows/load.js";
export type { LoadReport, TraceSource, LoadOptions, DroppedCounts } from "./rows/load.js";
export { StepSchema, ToolStepSchema, UserStepSchema, TextStepSchema, OtherStepSchema, TraceRowSchema } from "./rows/schema.js";
export type { Step, ToolStep, UserStep, TextStep, OtherStep, TraceRow } from "./rows/schema.js";
export { mineResultExemplars, exemplarResultShapes } from "./exemplars.js";
export type { ExemplarOptions } from "./exemplars.js";
export { toolsFromTraces, inferHarness } from "./harness.js";
export type { ObservedTool, InferredTool, Harness } from "./harness.js";
export { policySections } from "./dimensions/policy-sections.js";
export { buildDimensions } from "./dimensions/build-dimensions.js";
export type { BuildDimensionsOptions, Dimensions } from "./dimensions/build-dimensions.js";
export { dimensionsFromTraces } from "./dimensions/dimensions-from-traces.js";
export type { DimensionsFromTracesOptions, FaultToAxis } from "./dimensions/dimensions-from-traces.js";
export { labelCensus } from "./report/label-census.js";
export type { LabelCensus, LabelCensusOptions } from "./report/label-census.js";
export { onDeprecation } from "./report/deprecation.js";
export type { DeprecationHandler } from "./report/deprecation.js";
export type { ToolSchema } from "./report/tool-schemas.js";
export { traceReport } from "./report/trace-report.js";
export type { TraceReport, TraceReportOptions } from "./report/trace-report.js";
export { formatTraceReport } from "./report/format-trace-report.js";
export type { RegionKind, RegionMembership } from "./state/region-rows.js";
export { behaviorState } from "./state/behavior-state.js";
export type { BehaviorState, BehaviorStateOptions, RegionHistory, RegionState, RegionStatus } from "./state/behavior-state.js";
export { regionProgress } from "./state/region-progress.js";
export type { RegionProgress } from "./state/region-progress.js";
export { leakageReport } from "./leakage/leakage-report.js";
export { dropLeakyRows } from "./leakage/drop-leaky-rows.js";
export type { DropReport } from "./leakage/drop-leaky-rows.js";
export type { LeakageOptions, LeakageReport, LeakExample } from "./leakage/leak-flags.js";
export type { EmbedderSpec, SyncEmbedder, SyncEmbedderSpec, Embedder, Vector } from "./leakage/embedder.js";
export type { EmbedFunction } from "./leakage/callable-embedder.js";
export { flawRows, splitPseudoProduction, taskKey } from "./split.js";
export type { SplitOptions } from "./split.js";
export { openingShare } from "./opening.js";
export { simulateFromTraces } from "./simulate.js";
export type { SimulateFromTracesOptions, SimulateFromTracesResult, SimulateRequest, Simulator } from "./simulate.js";
export { isWhileaiError, WhileaiError } from "@whileai/hash-embed";
// Thrown by the shared json.loads, so defined beside it; public here.
export { PyJsonError } from "@whileai/hash-embed/internal";
