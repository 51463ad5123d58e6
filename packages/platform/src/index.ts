export * from "./constants.js";
export { formatCuts } from "./format-cuts.js";
export type { FormatCutsOptions } from "./format-cuts.js";
export { PlatformError } from "./platform-error.js";
export type { PlatformErrorFields } from "./platform-error.js";
export { isWhileaiError, WhileaiError } from "@whileai/traces";
export { putTimeoutFor } from "./put-timeout.js";
export { splitHoldout } from "./split-holdout.js";
export { fetchRuntime, platformRuntime, setPlatformRuntime } from "./runtime.js";
export type { PlatformFetch, PlatformFetchResponse, PlatformRuntime, TransportRequest, TransportResponse } from "./runtime.js";
export { apiUrl, DEFAULT_API_URL, hasApiKey, resolveApiKey, storedApiKey } from "./config.js";
export { call, USER_AGENT } from "./http/call.js";
export type { CallOptions } from "./http/call.js";
export type { RetryOptions } from "./http/retry.js";
export type { ConnectionOptions, RequestOptions } from "./request-options.js";
export type {
  Agent,
  Card,
  Catalog,
  CutDataset,
  CutResult,
  CutsReport,
  Dataset,
  DatasetListing,
  DatasetProfile,
  DelegatedCredential,
  Deleted,
  HfPushStamp,
  HfStatus,
  Preview,
  PushResult,
  RegisteredAgent,
  Revoked,
  ScoreReply,
  Unpublished,
} from "./replies.js";
export { catalog, datasets, deleteDataset, deleteEmptyDatasets, preview, profile, publish, unpublish, updateDataset } from "./datasets.js";
export type { DatasetMeta, DeleteEmptyDatasetsOptions, DeleteEmptyDatasetsResult, ProfileOptions, PublishOptions, UpdateDatasetOptions } from "./datasets.js";
export { agents, purgeAgent, registerAgent } from "./agents.js";
export type { PurgeAgentOptions, PurgeAgentResult, RegisterAgentOptions } from "./agents.js";
export { cut, cuts, sendScore } from "./traces.js";
export type { CutOptions, SendScoreOptions, TraceFilterOptions } from "./traces.js";
export { issueDelegatedCredential, refreshDelegatedCredential, revokeDelegatedCredential } from "./credentials.js";
export type { CredentialOptions } from "./credentials.js";
export { hfStatus } from "./hf-status.js";
export { pushRows } from "./push-rows.js";
export type { PushRowsOptions } from "./push-rows.js";
export type { Progress, ProgressCallback } from "./upload.js";
export { pull } from "./pull.js";
export type { PullOptions } from "./pull.js";
export { hfPublish, hfPublishRun, importHf } from "./hf.js";
export type { HfPublishOptions, ImportHfOptions, PollClock } from "./hf.js";
export { DEFAULT_BAND, PublishGateError, publishGate, STRICT_HACKS_NOT_SUPPORTED } from "./gate/publish-gate.js";
export type { Calibration, GateReport, GateSignal, PublishGateOptions } from "./gate/publish-gate.js";
export { WILSON_Z95, wilsonInterval } from "./gate/wilson.js";
