/**
 * A transcript's unanswered calls by call id, as a Map would hold them (setting an id again
 * rebinds it). Transcripts hold a few calls, so two lists are searched in place, and one
 * instance is reused from transcript to transcript (`clear`): a Map per transcript, and the
 * tables it reallocates as entries go, were most of the loader's garbage on chat rows. Past
 * `LIST_LIMIT` ids a Map takes over, so a long transcript stays linear.
 */
import type { Dict } from "@whileai/hash-embed/internal";

const LIST_LIMIT = 32;

export class CallsById {
  // The first `count` entries are bound; the lists are never truncated, which would drop their storage.
  private readonly ids: string[] = [];
  private readonly calls: Dict[] = [];
  private count = 0;
  private map: Map<string, Dict> | undefined;

  clear(): void {
    for (let i = 0; i < this.count; i++) this.calls[i] = EMPTY; // let the steps go
    this.count = 0;
    this.map = undefined;
  }

  set(id: string, call: Dict): void {
    if (this.map !== undefined) {
      this.map.set(id, call);
      return;
    }
    const at = this.find(id);
    if (at >= 0) this.calls[at] = call;
    else if (this.count < LIST_LIMIT) {
      this.ids[this.count] = id;
      this.calls[this.count++] = call;
    } else {
      this.map = new Map();
      for (let i = 0; i < this.count; i++) this.map.set(this.ids[i], this.calls[i]);
      this.map.set(id, call);
    }
  }

  /** The call under `id`, removed; undefined when there is none. */
  take(id: string): Dict | undefined {
    if (this.map !== undefined) {
      const call = this.map.get(id);
      this.map.delete(id);
      return call;
    }
    const at = this.find(id);
    if (at < 0) return undefined;
    const call = this.calls[at];
    this.remove(at);
    return call;
  }

  /** Removes every id bound to `call`. */
  forget(call: Dict): void {
    if (this.map !== undefined) {
      for (const [id, bound] of this.map) if (bound === call) this.map.delete(id);
      return;
    }
    for (let i = this.count - 1; i >= 0; i--) if (this.calls[i] === call) this.remove(i);
  }

  private find(id: string): number {
    for (let i = 0; i < this.count; i++) if (this.ids[i] === id) return i;
    return -1;
  }

  /** Order is not kept: no reader depends on it. */
  private remove(at: number): void {
    const last = --this.count;
    this.ids[at] = this.ids[last];
    this.calls[at] = this.calls[last];
    this.calls[last] = EMPTY;
  }
}

const EMPTY: Dict = Object.freeze({}) as Dict;
