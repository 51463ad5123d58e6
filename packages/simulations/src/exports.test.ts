// The umbrella's surface: exactly the 39 public names of BEYOND.md and the errors they throw, each
// the very function or class of the package that implements it (a re-export, never a wrapper).
import { existsSync, readFileSync } from "node:fs";
import * as hashEmbedInternal from "@whileai/hash-embed/internal";
import * as otel from "@whileai/otel";
import * as platform from "@whileai/platform";
import * as platformNode from "@whileai/platform/node";
import * as traces from "@whileai/traces";
import * as tracesInternal from "@whileai/traces/internal";
import * as tracesNode from "@whileai/traces/node";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as browserEntry from "./index.js";
import * as nodeEntry from "./node/index.js";

/** The list at the end of shared/reference/BEYOND.md, "The 39 public names". */
const PUBLIC_NAMES = [
  "agents", "catalog", "cut", "cuts", "datasets", "deleteDataset", "deleteEmptyDatasets", "dimensionsFromTraces",
  "dropLeakyRows", "flawRows", "formatCuts", "formatTraceReport", "hfPublish", "hfPublishRun", "hfStatus",
  "importHf", "inferHarness", "issueDelegatedCredential", "leakageReport", "loadTraces", "mineTraces",
  "openingShare", "preview", "profile", "publish", "pull", "purgeAgent", "pushFile", "pushRows",
  "refreshDelegatedCredential", "registerAgent", "rowsFromOtel", "sendScore", "simulateFromTraces",
  "splitPseudoProduction", "toolsFromTraces", "traceReport", "unpublish", "updateDataset",
];
/** The errors those functions throw on purpose, and `isWhileaiError`, which recognises any of them. */
const ERROR_NAMES = ["isWhileaiError", "JsonlLineError", "PlatformError", "PublishGateError", "PyJsonError", "WhileaiError"];
// `pushFile` reads a file from disk, and only the path-taking `loadTraces` throws `JsonlLineError`: only the Node entry has them.
const NODE_ONLY = ["pushFile", "JsonlLineError"];

const TRACES = ["dimensionsFromTraces", "dropLeakyRows", "flawRows", "formatTraceReport", "inferHarness", "leakageReport", "loadTraces", "mineTraces", "openingShare", "simulateFromTraces", "splitPseudoProduction", "toolsFromTraces", "traceReport"];
const PLATFORM = ["agents", "catalog", "cut", "cuts", "datasets", "deleteDataset", "deleteEmptyDatasets", "formatCuts", "hfPublish", "hfPublishRun", "hfStatus", "importHf", "issueDelegatedCredential", "preview", "profile", "publish", "pull", "purgeAgent", "pushRows", "refreshDelegatedCredential", "registerAgent", "sendScore", "unpublish", "updateDataset"];
const from = (names: string[], module: object) => Object.fromEntries(names.map((name) => [name, module]));

/** The package each name of the browser entry comes from. */
const BROWSER_ORIGIN: Record<string, object> = {
  ...from(TRACES, traces),
  rowsFromOtel: otel,
  ...from(PLATFORM, platform),
  ...from(["isWhileaiError", "PyJsonError", "WhileaiError"], traces),
  ...from(["PlatformError", "PublishGateError"], platform),
};
/** The Node entry takes the path-aware functions from the packages' Node entries. */
const NODE_ORIGIN: Record<string, object> = { ...BROWSER_ORIGIN, loadTraces: tracesNode, pull: platformNode, pushFile: platformNode, JsonlLineError: tracesNode };

const runtimeNames = (entry: object) => Object.keys(entry).sort();

const BEYOND = new URL("../../../../shared/reference/BEYOND.md", import.meta.url);

describe("the public names", () => {
  it("are 39 distinct names, each given a source package", () => {
    expect(new Set(PUBLIC_NAMES).size).toBe(39);
    expect(Object.keys(NODE_ORIGIN).sort()).toEqual([...PUBLIC_NAMES, ...ERROR_NAMES].sort());
  });

  it.skipIf(!existsSync(BEYOND))("match the list at the end of BEYOND.md", () => {
    const text = readFileSync(BEYOND, "utf8");
    const list = text.slice(text.indexOf("## The 39 public names") + "## The 39 public names".length);
    const names = list.split(/[\s,.]+/).filter(Boolean);
    expect(names.sort()).toEqual([...PUBLIC_NAMES].sort());
  });
});

describe("the Node entry", () => {
  it("exports exactly the 39 public names and the errors", () => {
    expect(runtimeNames(nodeEntry)).toEqual([...PUBLIC_NAMES, ...ERROR_NAMES].sort());
  });

  it("exports each as the implementing package's own function", () => {
    for (const name of [...PUBLIC_NAMES, ...ERROR_NAMES]) {
      const value = (nodeEntry as Record<string, unknown>)[name];
      expect(typeof value, name).toBe("function");
      expect(value, name).toBe((NODE_ORIGIN[name] as Record<string, unknown>)[name]);
    }
  });

  it("loads traces from a path and pulls to a path, as Python's load_traces and pull do", () => {
    expect(nodeEntry.loadTraces).toBe(tracesNode.loadTraces);
    expect(nodeEntry.loadTraces).not.toBe(traces.loadTraces);
    expect(nodeEntry.pull).toBe(platformNode.pull);
  });
});

describe("the browser entry", () => {
  it("exports the 39 public names but pushFile, and the errors but JsonlLineError", () => {
    expect(runtimeNames(browserEntry)).toEqual([...PUBLIC_NAMES, ...ERROR_NAMES].filter((name) => !NODE_ONLY.includes(name)).sort());
  });

  it("exports each as the implementing package's own function", () => {
    for (const name of runtimeNames(browserEntry)) {
      const value = (browserEntry as Record<string, unknown>)[name];
      expect(typeof value, name).toBe("function");
      expect(value, name).toBe((BROWSER_ORIGIN[name] as Record<string, unknown>)[name]);
    }
  });
});

describe("loadTraces", () => {
  it("has one type in both builds, so TypeScript's bundler resolution types a path as Node runs it", () => {
    expectTypeOf(browserEntry.loadTraces).toEqualTypeOf(nodeEntry.loadTraces);
    // Wrapped, never called: a path throws in this build.
    expectTypeOf(() => browserEntry.loadTraces("traces.jsonl")).returns.toEqualTypeOf<Promise<traces.TraceRow[]>>();
    expectTypeOf(() => browserEntry.loadTraces([{ prompt: "hi" }])).returns.toEqualTypeOf<traces.TraceRow[]>();
  });

  it("refuses a path in the browser build with a TypeError naming the Node entry", () => {
    expect(() => browserEntry.loadTraces("traces.jsonl")).toThrow(/@whileai\/traces\/node/);
    expect(() => browserEntry.loadTraces("traces.jsonl")).toThrow(TypeError);
  });
});

describe("no internal name leaks", () => {
  // What the entries the whileai packages share among themselves hold, with no semver promise, but
  // for the few a package makes public (PyJsonError, public from @whileai/traces).
  const PUBLIC = new Set([...Object.keys(traces), ...Object.keys(otel), ...Object.keys(platform)]);
  const INTERNAL: Record<string, unknown> = Object.fromEntries(
    Object.entries({ ...hashEmbedInternal, ...tracesInternal }).filter(([name]) => !PUBLIC.has(name)),
  );
  const internalValues = new Set(Object.values(INTERNAL));

  it("has internal entries to check against, so the checks below can fail", () => {
    expect(Object.keys(INTERNAL).length).toBeGreaterThan(40);
    expect(Object.keys(INTERNAL)).toEqual(expect.arrayContaining(["pyInt", "pyStr", "truthy", "rowLoader"]));
  });

  it.each([
    ["browser", browserEntry],
    ["Node", nodeEntry],
  ])("the %s entry exports no internal name, and no internal value under another name", (_entry, entry) => {
    expect(runtimeNames(entry).filter((name) => name in INTERNAL)).toEqual([]);
    expect(Object.entries(entry).filter(([, value]) => internalValues.has(value))).toEqual([]);
  });
});
