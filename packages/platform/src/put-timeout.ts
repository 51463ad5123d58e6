import { PLATFORM_PUT_S_PER_MB, PLATFORM_PUT_TIMEOUT_S } from "./constants.js";

/**
 * Seconds a presigned PUT of `nBytes` may take: a 120 s floor plus 4 s per megabyte
 * (1,000,000 bytes), as Python's `put_timeout_for`. `4 * n` is exact for any JS number
 * (a power-of-two factor), so the one rounding is the division's, as in Python.
 */
export function putTimeoutFor(nBytes: number): number {
  return PLATFORM_PUT_TIMEOUT_S + (PLATFORM_PUT_S_PER_MB * nBytes) / 1_000_000;
}
