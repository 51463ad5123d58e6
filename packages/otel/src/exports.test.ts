// The exact runtime names of each entry of @whileai/otel. A name that leaks out of a module, or leaves
// an entry, fails here and has to be decided on: a public name is documented in README.md (checked
// below).
import { describe, it } from "vitest";
import { expectEntry } from "../../../scripts/testing/entry-names.mjs";
import * as main from "./index.js";
import * as node from "./node/index.js";

const README = new URL("../README.md", import.meta.url);

const MAIN = [
  "AI_SDK_METADATA_PREFIXES", "CONVERSATION_KEYS", "ConversationBuffer",
  "EMITTER_TOOL_CALL_ID_KEYS", "EXCEPTION_MESSAGE_KEY", "MESSAGE_KEYS", "MODEL_KEYS",
  "MODEL_VERSION_KEYS", "MS_TO_NS", "OUTPUT_KEYS", "OtlpDecodeError", "REWARD_KEYS",
  "REWARD_RANGE", "SCHEMA_VERSION", "TOOL_CALL_ID_KEYS", "TOOL_ERROR_STATUSES", "TOOL_IN_KEYS",
  "TOOL_NAME_KEYS", "TOOL_OUT_KEYS", "TOOL_STATUS_KEYS", "USAGE_IN_KEYS", "USAGE_OUT_KEYS",
  "WhileSpanExporter", "WhileaiError", "decodeOtlp", "decodeOtlpProtobuf", "decodeOtlpText",
  "gunzipWeb", "isGzip", "isWhileaiError", "otlpContentEncoding", "parseOtlpJson", "readOtlpJsonLines", "rowsFromOtel", "rowsWithSpans",
  "sniffOtlpBody",
];

const NODE_ONLY = [
  "createLiveRowStream", "explorerPage", "gunzipNode", "readOtlpFile", "startOtlpReceiver",
];

describe("the entries of @whileai/otel", () => {
  it("main exports exactly the documented API", () => {
    expectEntry(main, MAIN, README);
  });

  it("/node adds what needs Node, documented too", () => {
    expectEntry(node, [...MAIN, ...NODE_ONLY], README);
  });
});
