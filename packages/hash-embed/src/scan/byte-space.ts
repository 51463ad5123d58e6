/**
 * The one growable byte space the scan works in: a WebAssembly.Memory where WebAssembly exists
 * (shared when worker threads read it), else an ArrayBuffer that doubles. Views are re-read
 * after every growth because growing detaches (or, when shared, outdates) the old buffer.
 */
import { giveBackMemory, MAX_PAGES, takeMemory } from "./spare-memory.js";

const PAGE = 65536;

/**
 * What the space uses of a `WebAssembly.Memory`. TypeScript declares `WebAssembly` only in its
 * DOM and WebWorker libraries, so naming it in these declarations would fail a Node project's
 * type check (`lib: ["ES2022"]`, no skipLibCheck); a real memory is one of these.
 */
export interface WasmMemory {
  readonly buffer: ArrayBufferLike;
  grow(delta: number): number;
}

export class ByteSpace {
  readonly memory: WasmMemory | null;
  private plain: ArrayBuffer | null;
  private cachedBuffer: ArrayBufferLike | null = null;
  private views: { u8: Uint8Array; u32: Uint32Array; f32: Float32Array } | null = null;
  /** Set when this space made its memory (not a worker's view of another's): it may give it back. */
  private owned: "shared" | "own" | null = null;

  constructor(bytes: number, options: { shared?: boolean; wasm?: boolean; memory?: WasmMemory } = {}) {
    const pages = Math.max(1, Math.ceil(bytes / PAGE));
    if (options.memory !== undefined) {
      this.memory = options.memory;
      this.plain = null;
    } else if (options.wasm !== false && typeof WebAssembly === "object") {
      this.memory = takeMemory(pages, options.shared === true);
      this.owned = options.shared === true ? "shared" : "own";
      this.plain = null;
    } else {
      this.memory = null;
      this.plain = new ArrayBuffer(pages * PAGE);
    }
  }

  /** A space around an existing memory (a worker's view of the main thread's shared memory). */
  static of(memory: WasmMemory): ByteSpace {
    return new ByteSpace(0, { memory });
  }

  get buffer(): ArrayBufferLike {
    return this.memory !== null ? this.memory.buffer : (this.plain as ArrayBuffer);
  }

  get size(): number {
    return this.buffer.byteLength;
  }

  /** Makes room for at least `bytes` bytes; growth at least doubles, so appends stay linear. */
  ensure(bytes: number): void {
    const have = this.size;
    if (bytes <= have) return;
    if (bytes > MAX_PAGES * PAGE) throw new RangeError(`the leakage scan needs ${bytes} bytes, over the 4 GiB a WebAssembly memory can address`);
    const want = Math.min(MAX_PAGES * PAGE, Math.max(bytes, have * 2));
    const pages = Math.ceil(want / PAGE);
    if (this.memory !== null) {
      this.memory.grow(pages - have / PAGE);
    } else {
      const next = new ArrayBuffer(pages * PAGE);
      new Uint8Array(next).set(new Uint8Array(this.plain as ArrayBuffer));
      this.plain = next;
    }
  }

  /**
   * The scan is over and nothing reads this space any more (its workers answered every chunk):
   * its memory may serve the next scan (spare-memory.ts). The space must not be used after.
   */
  release(): void {
    if (this.memory === null || this.owned === null) return;
    giveBackMemory(this.memory, this.owned === "shared");
    this.owned = null;
    this.views = null;
  }

  private current() {
    const buffer = this.buffer;
    if (this.views === null || this.cachedBuffer !== buffer || this.views.u8.byteLength !== buffer.byteLength) {
      this.cachedBuffer = buffer;
      this.views = { u8: new Uint8Array(buffer), u32: new Uint32Array(buffer), f32: new Float32Array(buffer) };
    }
    return this.views;
  }

  get u8(): Uint8Array {
    return this.current().u8;
  }

  get u32(): Uint32Array {
    return this.current().u32;
  }

  get f32(): Float32Array {
    return this.current().f32;
  }
}
