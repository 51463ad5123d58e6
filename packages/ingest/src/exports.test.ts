// The exact runtime names of each entry of @whileai/ingest. A name that leaks out of a module, or leaves
// an entry, fails here and has to be decided on: a public name is documented in README.md (checked
// below).
import { describe, it } from "vitest";
import { expectEntry } from "../../../scripts/testing/entry-names.mjs";
import * as main from "./index.js";
import * as node from "./node/index.js";

const README = new URL("../README.md", import.meta.url);

const MAIN = [
  "PROBLEMS_LISTED", "RECORD_READERS", "ROW_FILE_FORMATS", "TRACE_FORMATS", "TraceReadError",
  "WhileaiError", "describeFormat", "describeLosses", "describeSource", "detectFormat",
  "encodeRows", "isWhileaiError", "lossPhrases", "readTraces", "rowFileFormat", "streamTraces",
];

const NODE_ONLY = [
  "fileChunks", "readTracesFile", "streamTracesFile", "writeRowsFile",
];

describe("the entries of @whileai/ingest", () => {
  it("main exports exactly the documented API", () => {
    expectEntry(main, MAIN, README);
  });

  it("/node adds what needs Node, documented too", () => {
    expectEntry(node, [...MAIN, ...NODE_ONLY], README);
  });
});
