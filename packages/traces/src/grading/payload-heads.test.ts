import { describe, expect, it } from "vitest";
import { payloadSignature } from "./behavior-signature.js";
import { PayloadHeads } from "./payload-heads.js";

// Step reprs of several lengths (one far past a block, one not ASCII) and two tails.
const STEPS = [
  "('lookup', (('id', 'user'),), 'ok')",
  "('search', (), 'timeout')",
  `('run', (('cmd', 'invented'), ('timeout', 'derived')), '${"x".repeat(150)}')`,
  "('zoë', (('日本', 'user'),), '😀')",
  "('a', (), '')",
];
const TAILS = [", False, 0)", ", True, 12)"];

/** The payload text these ids stand for, as behaviorPayload writes it. */
function payload(ids: number[], tail: number): string {
  return `((${ids.map((id) => STEPS[id % STEPS.length]).join(", ")}${ids.length === 1 ? ",)" : ")"}${TAILS[tail]}`;
}

const head = (text: string) => Number.parseInt(payloadSignature(text), 16);

describe("PayloadHeads", () => {
  it("hashes each payload as its whole text is hashed, resuming from shared step prefixes", () => {
    const heads = new PayloadHeads();
    // Ids past the prefix keys' range stand for the same reprs, so both paths are compared.
    const ids = [0, 1, 2, 3, 4, 16385, 16387];
    for (const id of ids) heads.setStep(id, STEPS[id % STEPS.length]);
    for (const [id, tail] of TAILS.entries()) heads.setTail(id, tail);
    const sequences: number[][] = [[]];
    for (const a of ids) {
      sequences.push([a]);
      for (const b of ids) {
        sequences.push([a, b]);
        for (const c of [2, 4, 16387]) sequences.push([a, b, c], [a, b, c, a]);
      }
    }
    // Twice over: the second pass reads the states the first one kept.
    for (let pass = 0; pass < 2; pass++) {
      for (const sequence of sequences) {
        for (const tail of [0, 1]) {
          expect(heads.head48(sequence, sequence.length, tail), `${sequence} ${tail}`).toBe(head(payload(sequence, tail)));
        }
      }
    }
  });

  it("reads only the first `count` ids", () => {
    const heads = new PayloadHeads();
    for (const [id, step] of STEPS.entries()) heads.setStep(id, step);
    heads.setTail(0, TAILS[0]);
    expect(heads.head48([2, 0, 3], 2, 0)).toBe(head(payload([2, 0], 0)));
  });
});
