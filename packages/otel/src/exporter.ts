/**
 * `WhileSpanExporter`: a `SpanExporter` for the OpenTelemetry JS SDK that turns finished spans
 * into rows in the same process (Node or browser), with no collector in between. Spans are
 * serialised by the SDK's own OTLP JSON serializer (the bytes the OTLP/HTTP JSON exporter would
 * send), so a conversation gives the same row here as through any OTLP receiver.
 *
 * A conversation's row comes out once it has been idle for `idleMs`, on `forceFlush()` and on
 * `shutdown()`, to `onRow` and to every `rows()` iterator.
 */
import { JsonTraceSerializer } from "@opentelemetry/otlp-transformer";
// The SDK's span and exporter interfaces come from @opentelemetry/sdk-trace (which
// sdk-trace-base 2.x re-exports them from, and the OTLP serializer already depends on), so these
// types need no @opentelemetry/sdk-trace-base, an optional peer, installed to type-check.
import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace";
import type { OtelRow } from "./assemble.js";
import { ConversationBuffer, type ConversationBufferOptions, type ConversationStats } from "./conversations.js";
import { parseOtlpJson } from "./decode/json.js";

// ExportResult / ExportResultCode of @opentelemetry/core, spelled out so the package needs no
// dependency on it for one enum.
const SUCCESS = 0;
const FAILED = 1;
interface ExportResult {
  code: number;
  error?: Error;
}

export interface WhileSpanExporterOptions extends ConversationBufferOptions {
  /** Called with each completed conversation's row. */
  onRow?: (row: OtelRow) => void;
  /** How often idle conversations are looked for, in ms (default: idleMs / 4, at least 50). */
  checkEveryMs?: number;
}

export class WhileSpanExporter implements SpanExporter {
  private readonly buffer: ConversationBuffer;
  private readonly onRow: ((row: OtelRow) => void) | undefined;
  private readonly listeners = new Set<(row: OtelRow | null) => void>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private closed = false;

  constructor(options: WhileSpanExporterOptions = {}) {
    this.buffer = new ConversationBuffer(options);
    this.onRow = options.onRow;
    const idleMs = options.idleMs ?? 30_000;
    const every = options.checkEveryMs ?? Math.max(50, idleMs / 4);
    this.timer = setInterval(() => this.deliver(this.buffer.flushIdle()), every);
    // A Node process must be able to exit with the exporter still installed.
    (this.timer as { unref?: () => void }).unref?.();
  }

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    if (this.closed) {
      resultCallback({ code: FAILED, error: new Error("WhileSpanExporter is shut down") });
      return;
    }
    try {
      const bytes = JsonTraceSerializer.serializeRequest(spans);
      if (bytes === undefined) throw new Error("the OTLP JSON serializer returned nothing");
      this.deliver(this.buffer.add(parseOtlpJson(new TextDecoder().decode(bytes))));
      resultCallback({ code: SUCCESS });
    } catch (error) {
      resultCallback({ code: FAILED, error: error instanceof Error ? error : new Error(String(error)) });
    }
  }

  /** Emits every open conversation now. */
  async forceFlush(): Promise<void> {
    this.deliver(this.buffer.flushAll());
  }

  /** Emits every open conversation, stops the idle timer and ends the `rows()` iterators. */
  async shutdown(): Promise<void> {
    if (this.closed) return;
    this.deliver(this.buffer.flushAll());
    this.closed = true;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    for (const listener of this.listeners) listener(null);
    this.listeners.clear();
  }

  /** Spans seen, conversations open, rows emitted and conversations emitted early by the caps. */
  get stats(): Readonly<ConversationStats> {
    return this.buffer.stats;
  }

  /** The rows completed from now on, until `shutdown()`. */
  async *rows(): AsyncGenerator<OtelRow> {
    const queue: (OtelRow | null)[] = [];
    let wake: (() => void) | null = null;
    const listener = (row: OtelRow | null) => {
      queue.push(row);
      wake?.();
    };
    if (this.closed) return;
    this.listeners.add(listener);
    try {
      for (;;) {
        if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        const row = queue.shift() as OtelRow | null;
        if (row === null) return;
        yield row;
      }
    } finally {
      this.listeners.delete(listener);
    }
  }

  private deliver(rows: OtelRow[]): void {
    for (const row of rows) {
      this.onRow?.(row);
      for (const listener of this.listeners) listener(row);
    }
  }
}
