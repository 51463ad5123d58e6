// Engines without WebAssembly, or without its SIMD: "auto" must fall back to the TypeScript
// kernel (and BLAKE2b to @noble/hashes) and still answer exactly. Modules are imported after the
// global is stubbed, so nothing cached from an engine with WebAssembly leaks in.
import { afterEach, describe, expect, test, vi } from "vitest";
import { naiveNearest } from "../testing/naive-scan.js";

const SOURCES = ["where is order 4412", "refund my duplicate charge", "reset my password please", "the the the"];
const GENERATED = ["WHERE is order 9", "refund the duplicate charge", "", "password reset please", "the"];

async function freshScan() {
  vi.resetModules();
  return import("./scan-leakage.js");
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("without WebAssembly SIMD", () => {
  test("no WebAssembly at all: auto runs the TS kernel, exactly; wasm is a clear error", async () => {
    vi.stubGlobal("WebAssembly", undefined);
    const { scanLeakageSync } = await freshScan();
    const got = scanLeakageSync(GENERATED, SOURCES);
    expect(got.kernel).toBe("ts");
    const want = naiveNearest(GENERATED, SOURCES);
    expect(Array.from(got.sources)).toEqual(want.source);
    expect(() => scanLeakageSync(GENERATED, SOURCES, { kernel: "wasm" })).toThrow(/kernel "wasm" needs WebAssembly with SIMD/);
  });

  test("WebAssembly without SIMD (validate fails): auto runs the TS kernel", async () => {
    const real = globalThis.WebAssembly;
    vi.stubGlobal("WebAssembly", { ...real, Memory: real.Memory, Module: real.Module, Instance: real.Instance, validate: () => false });
    const { scanLeakageSync } = await freshScan();
    const got = scanLeakageSync(GENERATED, SOURCES);
    expect(got.kernel).toBe("ts");
    expect(Array.from(got.similarities)).toEqual(Array.from(scanLeakageSync(GENERATED, SOURCES, { kernel: "ts" }).similarities));
  });
});
