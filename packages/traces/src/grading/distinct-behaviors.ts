/**
 * How many distinct behaviour signatures a batch of rows has (`len({behavior_signature(r) for r
 * in rows})`), without building each row's payload text: a row's payload tokens are read into
 * small ids (one per step shape, one per tail), and only a row whose id sequence is new has its
 * payload hashed, assembled from its steps' reprs (each written once, when its id is made). Equal id sequences are equal payloads, so the count is exactly
 * the number of distinct signatures, 48-bit collisions included.
 */
import { behaviorTokens, stepRepr, stepTokens } from "./behavior-signature.js";
import { NumberSet } from "./number-set.js";
import { PayloadHeads } from "./payload-heads.js";

/** A node of the step-shape trie: one edge per token, an id where a step's tokens end. */
class StepNode {
  readonly next = new Map<unknown, StepNode>();
  id = -1;
}

// Ids are written as UTF-16 units into a row's key: one unit below ESCAPE, three from it.
const ESCAPE = 0xffff;
// A packed key: up to 3 step ids below 2^10, a tail id below 2^12 and the step count in 2 bits,
// 44 bits in all, exact in a double; other rows are keyed by text, in a set of their own.
const PACKED_STEPS = 3;
const PACKED_STEP_IDS = 1024;
const PACKED_TAIL_IDS = 4096;

export class DistinctBehaviors {
  private readonly steps = new StepNode();
  private stepIds = 0;
  private readonly tails = new Map<string, number>();
  private readonly seen = new NumberSet();
  private readonly seenTexts = new Set<string>();
  // A signature is 48 bits of the hash: kept as the number (exact in a double), not its hex.
  private readonly signatures = new NumberSet();
  private readonly heads = new PayloadHeads();
  private readonly tokens: unknown[] = [];
  // A row's step ids; never truncated (that would drop its storage each row), only counted.
  private readonly ids: number[] = [];

  /** The number of distinct signatures among the rows added. */
  get size(): number {
    return this.signatures.size;
  }

  add(row: unknown): void {
    const tokens = this.tokens;
    const ids = this.ids;
    const length = behaviorTokens(row, tokens);
    const last = length - 1;
    let at = 0;
    // The usual row (at most three steps, few shapes) is also keyed by one number packing its
    // ids, which spares building and hashing a string; others are keyed by a text of their ids.
    let packed = 0;
    let steps = 0;
    let packable = true;
    while (at < last) {
      // tool, n, n pairs of key and provenance, status
      const start = at;
      let node = this.child(this.child(this.steps, tokens[at]), tokens[at + 1]);
      const end = at + stepTokens(tokens[at + 1] as number);
      for (at += 2; at < end; at++) node = this.child(node, tokens[at]);
      if (node.id < 0) this.heads.setStep((node.id = this.stepIds++), stepRepr(tokens, start));
      ids[steps] = node.id;
      if (++steps > PACKED_STEPS || node.id >= PACKED_STEP_IDS) packable = false;
      else packed = packed * PACKED_STEP_IDS + node.id;
    }
    const tail = tokens[last] as string;
    let tailId = this.tails.get(tail);
    if (tailId === undefined) {
      this.heads.setTail((tailId = this.tails.size), tail);
      this.tails.set(tail, tailId);
    }
    if (packable && tailId < PACKED_TAIL_IDS) {
      if (!this.seen.add((packed * PACKED_TAIL_IDS + tailId) * 4 + steps)) return;
    } else {
      const key = keyOf(ids, steps, tailId);
      if (this.seenTexts.has(key)) return;
      this.seenTexts.add(key);
    }
    this.signatures.add(this.heads.head48(ids, steps, tailId));
  }

  private child(node: StepNode, token: unknown): StepNode {
    let next = node.next.get(token);
    if (next === undefined) node.next.set(token, (next = new StepNode()));
    return next;
  }
}

// Rows of many steps are keyed in slices: `apply` is bounded by the engine's argument limit.
const KEY_SLICE = 4096;

/** The row's key as text: its step ids, then its tail id, each in the prefix-free code. */
function keyOf(ids: readonly number[], steps: number, tailId: number): string {
  const codes: number[] = [];
  for (let i = 0; i < steps; i++) pushId(codes, ids[i]);
  pushId(codes, tailId);
  if (codes.length <= KEY_SLICE) return String.fromCharCode.apply(null, codes);
  let key = "";
  for (let i = 0; i < codes.length; i += KEY_SLICE) key += String.fromCharCode.apply(null, codes.slice(i, i + KEY_SLICE));
  return key;
}

/** A prefix-free code, so distinct id sequences give distinct keys. */
function pushId(codes: number[], id: number): void {
  if (id < ESCAPE) codes.push(id);
  else codes.push(ESCAPE, id >>> 16, id & 0xffff);
}
