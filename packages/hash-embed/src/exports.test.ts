// The exact runtime names of each entry of @whileai/hash-embed. A name that leaks out of a module, or leaves
// an entry, fails here and has to be decided on: a public name is documented in README.md (checked
// below), a name the whileai packages share belongs in ./internal.ts.
import { describe, expect, it } from "vitest";
import { expectEntry } from "../../../scripts/testing/entry-names.mjs";
import * as internal from "./internal.js";
import * as main from "./index.js";
import * as node from "./node/index.js";

const README = new URL("../README.md", import.meta.url);

const MAIN = [
  "Blake2bBatch", "HASH_DIM", "HashEmbedder", "LeakageIndex", "LeakageTally", "NUM",
  "WhileaiError", "blake2bWasmAvailable", "digestBucket", "fsum", "hashCounts", "hashVector",
  "isWhileaiError", "mergeLeakageReports", "normalizeCounts", "promptOf", "resolveKernel",
  "scanLeakage", "scanLeakageSync", "tokenBucket", "tokenDigest", "tokenize",
  "wasmKernelAvailable", "words",
];

const INTERNAL = [
  "PY311_DIGITS", "PyJsonError", "PyTuple", "compareKeys", "compareStrings", "get", "has",
  "isDict", "isNone", "isPyInt", "isPySpace", "or", "parsePyFloat", "powHalf", "pyCollapse",
  "pyFloat", "pyFloatRepr", "pyFloatStrict", "pyHead", "pyInt", "pyIntExact", "pyIntExactOr",
  "pyItems", "pyIter", "pyJsonDumps", "pyJsonLoads", "pyJsonLoadsOr", "pyJsonRedump",
  "pyJsonString", "pyLen", "pyLower", "pyNumberStr", "pyNumberStrip", "pyRepr", "pyRound",
  "pyRoundInt", "pySplit", "pyStr", "pyStringRepr", "pyStrip", "pyTypeName", "readJson",
  "sortedBy", "sortedStrings", "truthy",
];

describe("the entries of @whileai/hash-embed", () => {
  it("main exports exactly the documented API", () => {
    expectEntry(main, MAIN, README);
  });

  it("/node exports the same names, with a scanLeakage that uses worker threads", () => {
    expectEntry(node, MAIN);
    expect(node.scanLeakage).not.toBe(main.scanLeakage);
    expect(node.hashVector).toBe(main.hashVector);
  });

  it("/internal exports exactly the shared Python semantics, none of them public", () => {
    expectEntry(internal, INTERNAL);
    expect(INTERNAL.filter((name) => MAIN.includes(name))).toEqual([]);
  });
});
