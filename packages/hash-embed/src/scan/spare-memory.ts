/**
 * WebAssembly memories of finished scans, kept for the next scan on this thread. The first write
 * to each fresh page of a memory faults it in, about 4 ms a megabyte on the machine we measure
 * on: a 10K-source scan's 3 MB cost more than zeroing a kept memory again. Only memories up to
 * SPARE_BYTES_MAX are kept (a larger scan's page faults are small against its scan), at most one
 * of each kind, and each is zeroed when it is taken, so a scan always starts from zeros.
 */
import type { WasmMemory } from "./byte-space.js";

const PAGE = 65536;
/** wasm32 addresses 4 GiB: 65,536 pages. */
export const MAX_PAGES = 65536;
export const SPARE_BYTES_MAX = 16 * 2 ** 20;

const spare: { shared: WasmMemory | null; own: WasmMemory | null } = { shared: null, own: null };

/** A zeroed memory of at least `pages` pages: the kept one of its kind, else a new one. */
export function takeMemory(pages: number, shared: boolean): WasmMemory {
  const kind = shared ? "shared" : "own";
  const kept = spare[kind];
  if (kept === null) {
    return shared ? new WebAssembly.Memory({ initial: pages, maximum: MAX_PAGES, shared: true }) : new WebAssembly.Memory({ initial: pages, maximum: MAX_PAGES });
  }
  spare[kind] = null;
  new Uint8Array(kept.buffer).fill(0);
  const have = kept.buffer.byteLength / PAGE;
  if (have < pages) kept.grow(pages - have);
  return kept;
}

/** Keeps `memory` for the next scan; nothing may read or write it any more. */
export function giveBackMemory(memory: WasmMemory, shared: boolean): void {
  if (memory.buffer.byteLength > SPARE_BYTES_MAX) return;
  spare[shared ? "shared" : "own"] = memory;
}
