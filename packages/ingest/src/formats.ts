/** The formats the front door tells apart by content (never by file name). */

export const TRACE_FORMATS = {
  "rows-jsonl": "JSON Lines of trajectory rows",
  "messages-jsonl": "JSON Lines of {messages} chat transcripts: OpenAI, Anthropic, Vercel AI SDK",
  "rows-json": "a JSON array of rows, or one row",
  "otlp-json": "OpenTelemetry OTLP/JSON: one export, a {spans} dump or a span array",
  "otlp-jsonl": "OpenTelemetry OTLP/JSON Lines, as the collector file exporter writes",
  "otlp-protobuf": "OpenTelemetry OTLP protobuf",
  "spans-jsonl": "JSON Lines of OpenTelemetry spans, one span a line",
  "claude-code-jsonl": "a Claude Code / Claude Agent SDK session transcript",
  "claude-stream-json": "Claude Agent SDK stream-json output",
  "openai-responses": "OpenAI Responses API items, responses or request logs; Agents JS result.history",
  "openai-agents-run-state": "an OpenAI Agents JS RunState, result.state.toString()",
  parquet: "Apache Parquet, as the Hugging Face Hub serves every dataset",
  csv: "CSV with a header row",
  tsv: "TSV (tab-separated) with a header row",
  "arrow-file": "Apache Arrow IPC file (Feather v2)",
  "arrow-stream": "Apache Arrow IPC stream",
  empty: "nothing to read",
} as const;

/** A format name; record-reader families may add names of their own. */
export type TraceFormat = keyof typeof TRACE_FORMATS | (string & {});

export function describeFormat(format: TraceFormat): string {
  return (TRACE_FORMATS as Record<string, string>)[format] ?? format;
}
