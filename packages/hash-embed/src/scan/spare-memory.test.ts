import { expect, test } from "vitest";
import { giveBackMemory, SPARE_BYTES_MAX, takeMemory } from "./spare-memory.js";

const PAGE = 65536;

test("a memory given back serves the next scan of its kind, zeroed and grown to the size asked", () => {
  for (const shared of [false, true]) {
    const first = takeMemory(2, shared);
    new Uint8Array(first.buffer).fill(7);
    giveBackMemory(first, shared);
    const again = takeMemory(3, shared);
    expect(again).toBe(first);
    expect(again.buffer.byteLength).toBe(3 * PAGE);
    expect(new Uint8Array(again.buffer).every((b) => b === 0)).toBe(true);
    // Taken, it is no longer spare: the next one is new.
    expect(takeMemory(1, shared)).not.toBe(again);
    expect(again.buffer instanceof SharedArrayBuffer).toBe(shared);
  }
});

test("a memory above SPARE_BYTES_MAX is not kept", () => {
  const big = takeMemory(SPARE_BYTES_MAX / PAGE + 1, false);
  giveBackMemory(big, false);
  expect(takeMemory(1, false)).not.toBe(big);
});
