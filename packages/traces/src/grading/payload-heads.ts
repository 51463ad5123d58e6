/**
 * Signatures (the 48-bit SHA-256 head) of payloads told as step ids and a tail id, as
 * `DistinctBehaviors` keys them. Each step's repr is encoded once, when its id is made, and a
 * payload is assembled from those bytes. Distinct payloads mostly share their first steps with
 * earlier ones, and SHA-256 reads its input front to back, so the hash state after the whole
 * blocks of a known step prefix is kept and the hash resumes from it.
 */
import { INITIAL_STATE, PADDING_ROOM, sha256Blocks, sha256Finish } from "../sha256.js";

const encoder = new TextEncoder();
const OPEN = encoder.encode("((");
const SEPARATOR = encoder.encode(", ");
const CLOSE_ONE = encoder.encode(",)");
const CLOSE = encoder.encode(")");

// Prefixes of up to 2 steps whose ids are below 2^14 are keyed by one small integer (ids and
// length). A prefix of all the steps is not kept (see below), so 2 serves rows of up to 3 steps.
const PREFIX_STEPS = 2;
const PREFIX_IDS = 1 << 14;

export class PayloadHeads {
  private readonly steps: Uint8Array[] = [];
  private readonly tails: Uint8Array[] = [];
  /** Where the hash state after the whole blocks of a step prefix's bytes is in `states`, by prefix key. */
  private readonly prefixStates = new Map<number, number>();
  // The kept states, 8 words each, one after another: one array, not one per prefix.
  private states = new Int32Array(8 * 256);
  private statesUsed = 0;
  private readonly state = new Int32Array(8);
  private buf = new Uint8Array(1024);
  private used = 0;
  // Byte length of the payload's first k steps, at [k]; and each prefix's key.
  private readonly ends: number[] = [];
  private readonly keys: number[] = [];

  /** Step `id` is written `repr` (a `stepRepr`). */
  setStep(id: number, repr: string): void {
    this.steps[id] = encoder.encode(repr);
  }

  /** Tail `id` is written `tail` (the payload after the shape tuple). */
  setTail(id: number, tail: string): void {
    this.tails[id] = encoder.encode(tail);
  }

  /** The signature, as the number of its 48 bits, of the payload of steps `ids[0, count)` and tail `tailId`. */
  head48(ids: readonly number[], count: number, tailId: number): number {
    this.used = 0;
    this.put(OPEN);
    let keyed = 0;
    let prefix = 0;
    for (let i = 0; i < count; i++) {
      if (i > 0) this.put(SEPARATOR);
      this.put(this.steps[ids[i]]);
      if (i < PREFIX_STEPS && keyed === i && ids[i] < PREFIX_IDS) {
        prefix = prefix * PREFIX_IDS + ids[i];
        keyed = i + 1;
        this.ends[keyed] = this.used;
        this.keys[keyed] = prefix * (PREFIX_STEPS + 1) + keyed;
      }
    }
    this.put(count === 1 ? CLOSE_ONE : CLOSE);
    this.put(this.tails[tailId]);
    this.reserve(PADDING_ROOM);

    // Resume from the longest prefix with a kept state; keep the states of the longer ones.
    const state = this.state;
    let from = 0;
    let known = keyed;
    for (; known > 0; known--) {
      const kept = this.prefixStates.get(this.keys[known]);
      if (kept !== undefined) {
        for (let i = 0; i < 8; i++) state[i] = this.states[kept + i];
        from = this.ends[known] & ~63;
        break;
      }
    }
    if (known === 0) state.set(INITIAL_STATE);
    // A prefix of all the steps is not kept: only another tail would read it, and rarely does.
    for (let k = known + 1; k <= keyed; k++) {
      const to = this.ends[k] & ~63;
      if (to === 0) continue;
      if (to > from) sha256Blocks(state, this.buf, from, to);
      from = to;
      if (k < count) this.prefixStates.set(this.keys[k], this.keep(state));
    }
    return sha256Finish(state, this.buf, from, this.used);
  }

  /** Copies `state` into `states`; returns where. */
  private keep(state: Int32Array): number {
    if (this.statesUsed + 8 > this.states.length) {
      const grown = new Int32Array(this.states.length * 2);
      grown.set(this.states);
      this.states = grown;
    }
    const at = this.statesUsed;
    for (let i = 0; i < 8; i++) this.states[at + i] = state[i];
    this.statesUsed += 8;
    return at;
  }

  private put(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.buf.set(bytes, this.used);
    this.used += bytes.length;
  }

  private reserve(n: number): void {
    if (this.used + n <= this.buf.length) return;
    const grown = new Uint8Array((this.used + n) * 2);
    grown.set(this.buf.subarray(0, this.used));
    this.buf = grown;
  }
}
