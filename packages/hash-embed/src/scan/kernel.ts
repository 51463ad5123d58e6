/**
 * The two screening kernels behind one interface, and the choice between them:
 * `"auto"` takes WebAssembly SIMD where the engine has it and the TypeScript kernel elsewhere.
 */
import type { ByteSpace } from "./byte-space.js";
import { SCAN_WASM, SCAN_WASM_SHARED } from "./kernel-bytes.generated.js";
import { tsKernel } from "./kernel-ts.js";

export type KernelChoice = "auto" | "wasm" | "ts";

/** One kernel call: byte offsets into the space, row and block ranges. */
export interface ScanCall {
  src: number;
  qStart: number;
  qOff: number;
  nStart: number;
  nOff: number;
  nCnt: number;
  state: number;
  cand: number;
  cap: number;
  rowFrom: number;
  rowTo: number;
  blockFrom: number;
  blockTo: number;
  tileBlocks: number;
  scratch: number;
}

export interface ScreenKernel {
  readonly name: "wasm" | "ts";
  scan(call: ScanCall): void;
}

type WasmScan = (...args: number[]) => void;

const modules = new Map<string, WebAssembly.Module | null>();

function decode(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** The compiled kernel, or null where WebAssembly or its SIMD (or shared memory) is missing. */
function kernelModule(shared: boolean): WebAssembly.Module | null {
  const key = shared ? "shared" : "own";
  if (!modules.has(key)) {
    let module: WebAssembly.Module | null = null;
    if (typeof WebAssembly === "object") {
      const bytes = decode(shared ? SCAN_WASM_SHARED : SCAN_WASM);
      // validate() is false on an engine without SIMD: that is the feature test. The module is
      // 1.3 KB, under the 4 KB browsers allow for synchronous compilation on the main thread.
      if (WebAssembly.validate(bytes)) module = new WebAssembly.Module(bytes);
    }
    modules.set(key, module);
  }
  return modules.get(key) ?? null;
}

/** Whether the WebAssembly SIMD kernel can run here. */
export function wasmKernelAvailable(): boolean {
  try {
    return kernelModule(false) !== null;
  } catch {
    return false;
  }
}

/** Resolves "auto" to the kernel this engine runs best; "wasm" where it cannot run is an error. */
export function resolveKernel(choice: KernelChoice): "wasm" | "ts" {
  if (choice === "ts") return "ts";
  if (wasmKernelAvailable()) return "wasm";
  if (choice === "wasm") throw new Error('kernel "wasm" needs WebAssembly with SIMD, which this engine lacks; use kernel "auto" or "ts"');
  return "ts";
}

/** A kernel working in `space` (whose memory must be shared when `space.memory` is). */
export function createKernel(name: "wasm" | "ts", space: ByteSpace): ScreenKernel {
  if (name === "ts") return tsKernel(space);
  const memory = space.memory;
  if (memory === null) throw new Error("the WebAssembly kernel needs a WebAssembly memory");
  const shared = typeof SharedArrayBuffer === "function" && memory.buffer instanceof SharedArrayBuffer;
  const module = kernelModule(shared);
  if (module === null) throw new Error("the WebAssembly SIMD kernel is not available in this engine");
  const scan = new WebAssembly.Instance(module, { env: { memory: memory as WebAssembly.Memory } }).exports.scan as WasmScan;
  return {
    name: "wasm",
    scan(c: ScanCall): void {
      scan(c.src, c.qStart, c.qOff, c.nStart, c.nOff, c.nCnt, c.state, c.cand, c.cap, c.rowFrom, c.rowTo, c.blockFrom, c.blockTo, c.tileBlocks, c.scratch);
    },
  };
}
