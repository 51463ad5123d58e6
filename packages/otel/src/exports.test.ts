// The exact runtime names of each entry of @whileai/otel. A name that leaks out of a module, or leaves
// an entry, fails here and has to be decided on: a public name is documented in README.md (checked
// below).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as main from "./index.js";
import * as node from "./node/index.js";

/** The code blocks and `code spans` of the package README: a name documented is named in one. */
const README = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const BLOCKS = [...README.matchAll(/^```.*\n([\s\S]*?)^```/gm)].map((match) => match[1]);
const CODE = [...BLOCKS, ...[...README.replace(/^```[\s\S]*?^```/gm, "").matchAll(/`([^`]+)`/g)].map((match) => match[1])];
const undocumented = (names: readonly string[]) => names.filter((name) => !CODE.some((code) => new RegExp(`\\b${name}\\b`).test(code)));
const names = (entry: object) => Object.keys(entry).sort();

const MAIN = [
  "AI_SDK_METADATA_PREFIXES", "CONVERSATION_KEYS", "ConversationBuffer",
  "EMITTER_TOOL_CALL_ID_KEYS", "EXCEPTION_MESSAGE_KEY", "MESSAGE_KEYS", "MODEL_KEYS",
  "MODEL_VERSION_KEYS", "MS_TO_NS", "OUTPUT_KEYS", "OtlpDecodeError", "REWARD_KEYS",
  "REWARD_RANGE", "SCHEMA_VERSION", "TOOL_CALL_ID_KEYS", "TOOL_ERROR_STATUSES", "TOOL_IN_KEYS",
  "TOOL_NAME_KEYS", "TOOL_OUT_KEYS", "TOOL_STATUS_KEYS", "USAGE_IN_KEYS", "USAGE_OUT_KEYS",
  "WhileSpanExporter", "decodeOtlp", "decodeOtlpProtobuf", "decodeOtlpText", "gunzipWeb", "isGzip",
  "parseOtlpJson", "readOtlpJsonLines", "rowsFromOtel", "sniffOtlpBody",
];

const NODE_ONLY = [
  "gunzipNode", "readOtlpFile", "startOtlpReceiver",
];

describe("the entries of @whileai/otel", () => {
  it("main exports exactly the documented API", () => {
    expect(names(main)).toEqual(MAIN);
    expect(undocumented(MAIN)).toEqual([]);
  });

  it("/node adds what needs Node, documented too", () => {
    expect(names(node)).toEqual([...MAIN, ...NODE_ONLY].sort());
    expect(undocumented(NODE_ONLY)).toEqual([]);
  });
});
