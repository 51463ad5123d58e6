/**
 * Node entry of @whileai/simulations (the `node` export condition): all 39 public names, and the
 * errors they throw. Three of them come from the packages' Node entries because they touch the
 * file system: `pushFile` uploads a JSONL file, `pull` can also stream to a path, and `loadTraces`
 * also takes a path (and throws `JsonlLineError` for a bad line), as their Python namesakes do.
 * Importing this entry installs the platform client's undici runtime.
 */
export {
  agents,
  catalog,
  cut,
  cuts,
  datasets,
  deleteDataset,
  deleteEmptyDatasets,
  dimensionsFromTraces,
  dropLeakyRows,
  flawRows,
  formatCuts,
  formatTraceReport,
  hfPublish,
  hfPublishRun,
  hfStatus,
  importHf,
  inferHarness,
  issueDelegatedCredential,
  leakageReport,
  mineTraces,
  openingShare,
  preview,
  profile,
  publish,
  purgeAgent,
  pushRows,
  refreshDelegatedCredential,
  registerAgent,
  rowsFromOtel,
  sendScore,
  simulateFromTraces,
  splitPseudoProduction,
  toolsFromTraces,
  traceReport,
  unpublish,
  updateDataset,
  isWhileaiError,
  PlatformError,
  PublishGateError,
  PyJsonError,
  WhileaiError,
} from "../index.js";
export type * from "../index.js";
export { JsonlLineError, loadTraces } from "@whileai/traces/node";
export type { LoadFileOptions } from "@whileai/traces/node";
export { pull, pushFile } from "@whileai/platform/node";
export type { PushFileOptions } from "@whileai/platform/node";
