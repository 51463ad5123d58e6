/**
 * @whileai/simulations: the 39 public names of the Python SDK's `whileai.simulations.ingest` in
 * one import, with the errors they throw, re-exported by name from the packages that implement
 * them so bundlers keep only what is used. This is the browser-safe entry; Node gets `./node/index.js` (the `node` export
 * condition), which adds `pushFile` and the path-taking `loadTraces` and `pull`.
 */

// Traces: loading, analysis, splitting and the leakage gate.
export {
  dimensionsFromTraces,
  dropLeakyRows,
  flawRows,
  formatTraceReport,
  inferHarness,
  leakageReport,
  mineTraces,
  openingShare,
  simulateFromTraces,
  splitPseudoProduction,
  toolsFromTraces,
  traceReport,
} from "@whileai/traces";
export { loadTraces } from "./load-traces.js";
export type {
  Dimensions,
  DimensionsFromTracesOptions,
  DropReport,
  Harness,
  InferredTool,
  LeakageOptions,
  LeakageReport,
  LeakExample,
  LoadOptions,
  MinedTraces,
  MineOptions,
  ObservedTool,
  SimulateFromTracesOptions,
  SimulateFromTracesResult,
  SimulateRequest,
  Simulator,
  SplitOptions,
  Step,
  TraceReport,
  TraceReportOptions,
  TraceRow,
  TraceSource,
} from "@whileai/traces";

// OpenTelemetry spans into rows.
export { rowsFromOtel } from "@whileai/otel";
export type { OtelRow, OtelStep, RowsFromOtelOptions } from "@whileai/otel";

// The While platform client.
export {
  agents,
  catalog,
  cut,
  cuts,
  datasets,
  deleteDataset,
  deleteEmptyDatasets,
  formatCuts,
  hfPublish,
  hfPublishRun,
  hfStatus,
  importHf,
  issueDelegatedCredential,
  preview,
  profile,
  publish,
  pull,
  purgeAgent,
  pushRows,
  refreshDelegatedCredential,
  registerAgent,
  sendScore,
  unpublish,
  updateDataset,
} from "@whileai/platform";
export type {
  CredentialOptions,
  CutOptions,
  DatasetMeta,
  DeleteEmptyDatasetsOptions,
  FormatCutsOptions,
  HfPublishOptions,
  ImportHfOptions,
  Progress,
  ProgressCallback,
  PullOptions,
  PurgeAgentResult,
  PushRowsOptions,
  RegisterAgentOptions,
  RequestOptions,
  SendScoreOptions,
  TraceFilterOptions,
  UpdateDatasetOptions,
} from "@whileai/platform";

// The errors those functions throw on purpose, and the check that recognises any of them.
export { isWhileaiError, PyJsonError, WhileaiError } from "@whileai/traces";
export { PlatformError, PublishGateError } from "@whileai/platform";
