// The exact runtime names of each entry of @whileai/traces. A name that leaks out of a module, or leaves
// an entry, fails here and has to be decided on: a public name is documented in README.md (checked
// below), a name the whileai packages share belongs in ./internal.ts, Python's semantics in
// @whileai/hash-embed/internal.
import { describe, expect, it } from "vitest";
import { expectEntry } from "../../../scripts/testing/entry-names.mjs";
import * as embedders from "./embedders.js";
import * as main from "./index.js";
import * as internal from "./internal.js";
import * as node from "./node/index.js";

const README = new URL("../README.md", import.meta.url);

const MAIN = [
  "ARG_KEYS", "FAULT_TO_AXIS", "FINAL_KEYS", "NO_FAULT", "OtherStepSchema", "PROMPT_KEYS",
  "PyJsonError", "RESULT_KEYS", "STEP_KEYS", "StepSchema", "TRACE_LEAK_THRESHOLD",
  "TextStepSchema", "ToolStepSchema", "TraceRowSchema", "UserStepSchema", "WhileaiError",
  "behaviorSignature", "behaviorState", "buildDimensions", "dimensionsFromTraces", "dropLeakyRows",
  "exemplarResultShapes", "faultFromResult", "flawRows", "formatTraceReport", "inferHarness",
  "isWhileaiError", "labelCensus", "leakageReport", "loadTraces", "loadTracesWithReport",
  "mineResultExemplars", "mineTraces", "onDeprecation", "openingShare", "policySections",
  "regionProgress", "simulateFromTraces", "splitPseudoProduction", "taskKey", "toolsFromTraces",
  "traceFault", "traceReport",
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
    expectEntry(main, MAIN, README);
  });

  it("/node adds the file readers, documented too", () => {
    expectEntry(node, [...MAIN, ...NODE_ONLY], README);
  });

  it("/embedders exports the HTTP embedders, documented and absent from main", () => {
    expectEntry(embedders, EMBEDDERS, README);
    expect(EMBEDDERS.filter((name) => MAIN.includes(name))).toEqual([]);
  });

  it("/internal exports exactly what the other packages share, none of it public", () => {
    expectEntry(internal, INTERNAL);
    expect(INTERNAL.filter((name) => MAIN.includes(name) || NODE_ONLY.includes(name))).toEqual([]);
  });
});
