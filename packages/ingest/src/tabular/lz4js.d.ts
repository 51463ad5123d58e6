// lz4js ships no types; the one function the Arrow reader calls.
declare module "lz4js" {
  /** Inflates one LZ4 frame. */
  export function decompress(source: Uint8Array, maxSize?: number): Uint8Array;
}
