// The values the READMEs' TypeScript examples leave to the reader ("your rows", "the bytes you
// received"), declared with the types a reader would have, so scripts/check-packages.mjs can
// type-check each example exactly as the README shows it. Every other name an example uses it
// imports itself. Only ECMAScript and DOM/Node-common types here: the browser run has no @types/node.
import type { mergeLeakageReports } from "@whileai/hash-embed";
import type { cuts } from "@whileai/platform";
import type { TraceRow } from "@whileai/traces";

declare global {
  /** Your trajectory rows. */
  const rows: TraceRow[];
  /** Generated rows and the held-out rows they must not copy. */
  const generatedRows: TraceRow[];
  const heldOutRows: TraceRow[];
  const generated: TraceRow[];
  const sources: TraceRow[];
  const holdout: TraceRow[];
  /** `part.report` of every shard of one scan. */
  const parts: Parameters<typeof mergeLeakageReports>[0];
  /** What `cuts()` answered. */
  const report: Awaited<ReturnType<typeof cuts>>;
  /** A file from a picker or a drop. */
  const file: File;
  /** Trace bytes however they arrived. */
  const bytesOrBlobOrStream: Uint8Array | Blob | ReadableStream<Uint8Array>;
  const firstBytes: Uint8Array;
  const stream: ReadableStream<Uint8Array>;
  const bodyBytes: Uint8Array;
  /** An OTLP JSON export, parsed. */
  const otlpJsonExport: unknown;
  /** Your OpenAI key, and the `fetch` your app calls out with. */
  const openAiKey: string;
  const myFetch: typeof fetch;
  /** Wherever your rows go. */
  function save(value: unknown): void;
}
