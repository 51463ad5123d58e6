// The exact runtime names of each entry of @whileai/platform. A name that leaks out of a module, or
// leaves an entry, fails here and has to be decided on: a public name is documented in README.md
// (checked below), Python's semantics come from @whileai/hash-embed/internal.
import { describe, expect, it } from "vitest";
import { expectEntry, undocumented } from "../../../scripts/testing/entry-names.mjs";
import * as constants from "./constants.js";
import * as hub from "./hub.js";
import * as main from "./index.js";
import * as node from "./node/index.js";

const README = new URL("../README.md", import.meta.url);

const MAIN = [
  "DEFAULT_API_URL", "DEFAULT_BAND", "HOLDOUT_BUCKET_HEX_CHARS", "MESSAGE_EXAMPLES", "MODES",
  "PLATFORM_CREDENTIAL_TTL_S", "PLATFORM_ERROR_DETAIL_CHARS", "PLATFORM_HF_DATASET_TIMEOUT_S",
  "PLATFORM_HF_MODEL_POLL_S", "PLATFORM_HF_MODEL_TIMEOUT_S", "PLATFORM_HF_POLL_S",
  "PLATFORM_HOLDOUT_PROVE_EFFECT", "PLATFORM_IMPORT_MAX_ROWS", "PLATFORM_IMPORT_POLL_S",
  "PLATFORM_IMPORT_TIMEOUT_S", "PLATFORM_PUT_S_PER_MB", "PLATFORM_PUT_TIMEOUT_S",
  "PLATFORM_REQUEST_TIMEOUT_S", "PLATFORM_STUDIO_MAX_ROWS", "PLATFORM_TRACE_PAGE_SIZE",
  "PLATFORM_UNKNOWN_IDS_SHOWN", "PLATFORM_UPLOAD_TIMEOUT_S", "PURPOSES", "PlatformError",
  "PublishGateError", "STRICT_HACKS_NOT_SUPPORTED", "USER_AGENT", "WILSON_Z95", "WhileaiError",
  "agents", "apiUrl", "call", "catalog", "cut", "cuts", "datasets", "deleteDataset",
  "deleteEmptyDatasets", "fetchRuntime", "formatCuts", "hasApiKey", "hfPublish",
  "hfPublishRun", "hfStatus", "importHf", "isWhileaiError", "issueDelegatedCredential",
  "platformRuntime", "preview", "profile", "publish", "publishGate", "pull", "purgeAgent",
  "pushRows", "putTimeoutFor", "refreshDelegatedCredential", "registerAgent", "resolveApiKey",
  "revokeDelegatedCredential", "sendScore", "setPlatformRuntime", "splitHoldout", "storedApiKey",
  "unpublish", "updateDataset", "wilsonInterval",
];

const NODE_ONLY = [
  "DEFAULT_HUB_ENDPOINT", "DEFAULT_HUB_ROWS_PATH", "createNodeRuntime", "credentialsPath",
  "hubDownload", "hubEndpoint", "hubListFiles", "hubPush", "hubPushFile", "hubWhoAmI",
  "nodeRuntime", "pushFile", "removeApiKey", "saveApiKey",
];

const HUB = [
  "DEFAULT_HUB_ENDPOINT", "DEFAULT_HUB_ROWS_PATH", "hubDownload", "hubEndpoint", "hubListFiles",
  "hubPush", "hubWhoAmI",
];

const CONSTANTS = [
  "HOLDOUT_BUCKET_HEX_CHARS", "MESSAGE_EXAMPLES", "MODES", "PLATFORM_CREDENTIAL_TTL_S",
  "PLATFORM_ERROR_DETAIL_CHARS", "PLATFORM_HF_DATASET_TIMEOUT_S", "PLATFORM_HF_MODEL_POLL_S",
  "PLATFORM_HF_MODEL_TIMEOUT_S", "PLATFORM_HF_POLL_S", "PLATFORM_HOLDOUT_PROVE_EFFECT",
  "PLATFORM_IMPORT_MAX_ROWS", "PLATFORM_IMPORT_POLL_S", "PLATFORM_IMPORT_TIMEOUT_S",
  "PLATFORM_PUT_S_PER_MB", "PLATFORM_PUT_TIMEOUT_S", "PLATFORM_REQUEST_TIMEOUT_S",
  "PLATFORM_STUDIO_MAX_ROWS", "PLATFORM_TRACE_PAGE_SIZE", "PLATFORM_UNKNOWN_IDS_SHOWN",
  "PLATFORM_UPLOAD_TIMEOUT_S", "PURPOSES",
];

describe("the entries of @whileai/platform", () => {
  it("main exports exactly these names", () => {
    expectEntry(main, MAIN);
  });

  it("/node adds the undici runtime, files and the Hub functions", () => {
    expectEntry(node, [...MAIN, ...NODE_ONLY]);
    expect(node.pull).not.toBe(main.pull);
  });

  it("/hub and /constants export exactly these names, each also in /node or main", () => {
    expectEntry(hub, HUB);
    expectEntry(constants, CONSTANTS);
    expect(HUB.filter((name) => !NODE_ONLY.includes(name))).toEqual([]);
    expect(CONSTANTS.filter((name) => !MAIN.includes(name))).toEqual([]);
  });

  it("documents every name in README.md", () => {
    expect(undocumented(README, [...MAIN, ...NODE_ONLY])).toEqual([]);
  });
});
