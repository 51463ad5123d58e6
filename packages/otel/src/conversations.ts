/**
 * Spans arriving over time (an exporter, a receiver) into rows, one per conversation, emitted
 * when the conversation has been idle for a while or when asked to flush. Grouping is
 * `rowsFromOtel`'s: a span's conversation id, else the conversation that first claimed its
 * trace, else its trace id; a trace buffered under its own id moves to the conversation that
 * claims it later. Everything flushed at once gives exactly `rowsFromOtel` over the same spans.
 *
 * Memory is bounded: past `maxConversations` open conversations, `maxSpans` buffered spans or
 * `maxBufferedBytes` of them (an estimate, see approxBytes), the least recently active
 * conversation is emitted early and counted in `stats.evicted`, so a conversation that never
 * ends costs a split row, never lost spans or unbounded memory.
 */
import type * as py from "@whileai/hash-embed/internal";
import { approxBytes } from "./approx-bytes.js";
import { assembleRow, type OtelRow } from "./assemble.js";
import { REWARD_KEYS } from "./constants.js";
import { spanKeys, startOf, type SpanEntry } from "./group.js";
import { iterSpans } from "./spans.js";

export interface ConversationBufferOptions {
  /** Emit a conversation once no span has arrived for it in this long (default 30 s). */
  idleMs?: number;
  /** Open conversations kept before the least recently active one is emitted early (default 10,000). */
  maxConversations?: number;
  /** Buffered spans kept before the least recently active conversation is emitted early (default 1,000,000). */
  maxSpans?: number;
  /**
   * About how much memory the buffered spans may hold, in bytes, before the least recently
   * active conversation is emitted early (default 64 MiB): the cap that holds whatever size the
   * spans are (a span with a long prompt holds kilobytes, so a million of them would not fit).
   */
  maxBufferedBytes?: number;
  /** As in `rowsFromOtel`. */
  rewardKeys?: readonly string[];
  /** The clock, in milliseconds (tests pass their own). */
  now?: () => number;
}

export interface ConversationStats {
  /** Spans taken in, conversations open now and spans they hold. */
  spans: number;
  open: number;
  buffered: number;
  /** About how many bytes the buffered spans hold (see `maxBufferedBytes`). */
  bufferedBytes: number;
  /** Rows emitted, and conversations emitted early because a cap was reached. */
  rows: number;
  evicted: number;
}

interface Group {
  key: string;
  /** Input position of the group's first span: groups are emitted in this order. */
  first: number;
  entries: (SpanEntry & { seq: number })[];
  /** About how many bytes its entries hold. */
  bytes: number;
  lastSeen: number;
}

/** How many trace -> conversation claims are remembered after their groups are emitted. */
const CLAIM_MEMORY = 100_000;

export class ConversationBuffer {
  readonly stats: ConversationStats = { spans: 0, open: 0, buffered: 0, bufferedBytes: 0, rows: 0, evicted: 0 };
  private readonly groups = new Map<string, Group>();
  private readonly claims = new Map<string, string>();
  private seq = 0;
  private readonly idleMs: number;
  private readonly maxConversations: number;
  private readonly maxSpans: number;
  private readonly maxBufferedBytes: number;
  private readonly rewardKeys: readonly string[];
  private readonly now: () => number;

  constructor(options: ConversationBufferOptions = {}) {
    this.idleMs = options.idleMs ?? 30_000;
    this.maxConversations = options.maxConversations ?? 10_000;
    this.maxSpans = options.maxSpans ?? 1_000_000;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 64 * 1024 * 1024;
    this.rewardKeys = options.rewardKeys ?? REWARD_KEYS;
    this.now = options.now ?? Date.now;
    for (const [name, value] of [["maxConversations", this.maxConversations], ["maxSpans", this.maxSpans], ["maxBufferedBytes", this.maxBufferedBytes]] as const) {
      if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be an integer >= 1, got ${String(value)}`);
    }
    if (!(this.idleMs >= 0)) throw new RangeError(`idleMs must be a number >= 0, got ${String(this.idleMs)}`);
  }

  /** Takes the spans of an OTLP export, a `{spans}` dump or a span list; returns rows evicted by the caps. */
  add(source: unknown): OtelRow[] {
    const now = this.now();
    for (const span of iterSpans(source)) this.addSpan(span, now);
    return this.enforceCaps();
  }

  /** Rows of the conversations idle for `idleMs` or longer. */
  flushIdle(): OtelRow[] {
    const cutoff = this.now() - this.idleMs;
    return this.emit([...this.groups.values()].filter((g) => g.lastSeen <= cutoff));
  }

  /** Rows of every open conversation (shutdown, end of input). */
  flushAll(): OtelRow[] {
    return this.emit([...this.groups.values()]);
  }

  private addSpan(span: py.Dict, now: number): void {
    const { attrs, trace, conversation } = spanKeys(span);
    if (conversation && trace && !this.claims.has(trace)) {
      this.remember(trace, conversation);
      // Spans of this trace buffered under the trace id belong to the conversation now.
      const unclaimed = this.groups.get(trace);
      if (unclaimed && trace !== conversation) {
        this.groups.delete(trace);
        const target = this.groupFor(conversation, now);
        target.entries.push(...unclaimed.entries);
        target.bytes += unclaimed.bytes;
        target.first = Math.min(target.first, unclaimed.first);
      }
    }
    const key = conversation || this.claims.get(trace) || trace;
    const group = this.groupFor(key, now);
    group.entries.push({ span, attrs, start: startOf(span), seq: this.seq++ });
    // The span as decoded, and about as much again for its entry and its attribute map.
    const bytes = 2 * approxBytes(span);
    group.bytes += bytes;
    group.lastSeen = now;
    this.stats.spans++;
    this.stats.buffered++;
    this.stats.bufferedBytes += bytes;
    this.stats.open = this.groups.size;
  }

  private groupFor(key: string, now: number): Group {
    let group = this.groups.get(key);
    if (group === undefined) {
      group = { key, first: this.seq, entries: [], bytes: 0, lastSeen: now };
      this.groups.set(key, group);
    }
    return group;
  }

  private remember(trace: string, conversation: string): void {
    if (this.claims.size >= CLAIM_MEMORY) {
      // Forget the oldest claims of conversations no longer open.
      for (const [t, c] of this.claims) {
        if (this.claims.size < CLAIM_MEMORY / 2) break;
        if (!this.groups.has(c)) this.claims.delete(t);
      }
    }
    this.claims.set(trace, conversation);
  }

  private enforceCaps(): OtelRow[] {
    const over = (open: number, buffered: number, bytes: number) => open > this.maxConversations || buffered > this.maxSpans || bytes > this.maxBufferedBytes;
    if (!over(this.groups.size, this.stats.buffered, this.stats.bufferedBytes)) return [];
    const byActivity = [...this.groups.values()].sort((a, b) => a.lastSeen - b.lastSeen || a.first - b.first);
    const evict: Group[] = [];
    let open = this.groups.size;
    let buffered = this.stats.buffered;
    let bytes = this.stats.bufferedBytes;
    for (const group of byActivity) {
      if (!over(open, buffered, bytes)) break;
      evict.push(group);
      open--;
      buffered -= group.entries.length;
      bytes -= group.bytes;
    }
    this.stats.evicted += evict.length;
    return this.emit(evict);
  }

  /** Rows of these groups, in first-appearance order; spans stable-sorted by start, then arrival. */
  private emit(groups: Group[]): OtelRow[] {
    const rows: OtelRow[] = [];
    for (const group of groups.sort((a, b) => a.first - b.first)) {
      this.groups.delete(group.key);
      this.stats.buffered -= group.entries.length;
      this.stats.bufferedBytes -= group.bytes;
      group.entries.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.seq - b.seq));
      const row = assembleRow(group.key, group.entries, this.rewardKeys);
      if (row) rows.push(row);
    }
    this.stats.rows += rows.length;
    this.stats.open = this.groups.size;
    return rows;
  }
}
