// The exact runtime names of each entry of @whileai/traces. A name that leaks out of a module, or leaves
// an entry, fails here and has to be decided on: a public name is documented in README.md (checked
// below), a name the whileai packages share belongs in ./internal.ts, Python's semantics in
// @whileai/hash-embed/internal.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as embedders from "./embedders.js";
import * as main from "./index.js";
import * as internal from "./internal.js";
import * as node from "./node/index.js";

/** The code blocks and `code spans` of the package README: a name documented is named in one. */
const README = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const BLOCKS = [...README.matchAll(/^```.*\n([\s\S]*?)^```/gm)].map((match) => match[1]);
const CODE = [...BLOCKS, ...[...README.replace(/^```[\s\S]*?^```/gm, "").matchAll(/`([^`]+)`/g)].map((match) => match[1])];
const undocumented = (names: readonly string[]) => names.filter((name) => !CODE.some((code) => new RegExp(`\\b${name}\\b`).test(code)));
const names = (entry: object) => Object.keys(entry).sort();

const MAIN = [
  "ARG_KEYS", "FAULT_TO_AXIS", "FINAL_KEYS", "NO_FAULT", "OtherStepSchema", "PROMPT_KEYS",
  "RESULT_KEYS", "STEP_KEYS", "StepSchema", "TRACE_LEAK_THRESHOLD", "TextStepSchema",
  "ToolStepSchema", "TraceRowSchema", "UserStepSchema", "behaviorSignature", "behaviorState",
  "buildDimensions", "dimensionsFromTraces", "dropLeakyRows", "exemplarResultShapes",
  "faultFromResult", "flawRows", "formatTraceReport", "inferHarness", "labelCensus",
  "leakageReport", "loadTraces", "loadTracesWithReport", "mineResultExemplars", "mineTraces",
  "onDeprecation", "openingShare", "policySections", "regionProgress", "simulateFromTraces",
  "splitPseudoProduction", "taskKey", "toolsFromTraces", "traceFault", "traceReport",
];

const NODE_ONLY = [
  "INVALID_LINES_LISTED", "JsonlLineError", "loadTracesFile", "readJsonl",
];

const EMBEDDERS = [
  "EmbedHttpError", "OllamaEmbedder", "OpenAIEmbedder",
];

const INTERNAL = [
  "binaryReward", "concat", "isBlankLine", "isResponseItem", "isResponseItems", "readLines",
  "responseItemsAsMessages", "rowLoader", "rowsPhrase", "stepsFromMessages", "taskIdentity",
];

describe("the entries of @whileai/traces", () => {
  it("main exports exactly the documented API", () => {
    expect(names(main)).toEqual(MAIN);
    expect(undocumented(MAIN)).toEqual([]);
  });

  it("/node adds the file readers, documented too", () => {
    expect(names(node)).toEqual([...MAIN, ...NODE_ONLY].sort());
    expect(undocumented(NODE_ONLY)).toEqual([]);
  });

  it("/embedders exports the HTTP embedders, documented and absent from main", () => {
    expect(names(embedders)).toEqual(EMBEDDERS);
    expect(undocumented(EMBEDDERS)).toEqual([]);
    expect(EMBEDDERS.filter((name) => MAIN.includes(name))).toEqual([]);
  });

  it("/internal exports exactly what the other packages share, none of it public", () => {
    expect(names(internal)).toEqual(INTERNAL);
    expect(INTERNAL.filter((name) => MAIN.includes(name) || NODE_ONLY.includes(name))).toEqual([]);
  });
});
