/**
 * `pushFile` (platform-and-otel.md §4.4): upload a JSONL file. Gated (the default), the rows are
 * read, passed through the publish gate and re-serialized; ungated, the file's exact bytes are
 * streamed from disk, never held in memory.
 */
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import * as py from "@whileai/hash-embed/internal";
import { publishGate } from "../gate/publish-gate.js";
import { basename } from "node:path";
import type { RetryOptions } from "../http/retry.js";
import { jsonlBytes } from "../push-rows.js";
import type { PushResult } from "../replies.js";
import type { RequestOptions } from "../request-options.js";
import { upload, type ProgressCallback } from "../upload.js";

export interface PushFileOptions extends RequestOptions {
  parent?: string | null;
  /** Python's `publish_gate` (default `true`): may throw `PublishGateError`; `false` sends the file's bytes as they are. */
  gate?: boolean;
  /** Feeds only the gate in Python; never sent. */
  mode?: string | null;
  /** Seconds the PUT may take; default `putTimeoutFor(file size)`. */
  timeout?: number | null;
  onProgress?: ProgressCallback;
  /** Retry policy of the presigned PUT (each retry reopens the file). */
  retry?: RetryOptions;
}

/** `name`, else the file's basename without one trailing `.jsonl` (case-sensitive). */
function datasetName(path: string, name: string | null | undefined): string {
  if (name) return name;
  const base = basename(path);
  return base.endsWith(".jsonl") ? base.slice(0, -".jsonl".length) : base;
}

// Python reads the file in text mode, whose universal newlines end a line at \n, \r\n or \r.
const LINE_END = /\r\n|\r|\n/;

/** Python's `load_jsonl`: each line stripped, blank lines skipped, `json.loads` raising on a bad line. */
export function loadJsonl(text: string): unknown[] {
  const rows: unknown[] = [];
  for (const line of text.split(LINE_END)) {
    const stripped = py.pyStrip(line);
    if (stripped) rows.push(py.pyJsonLoads(stripped));
  }
  return rows;
}

/**
 * Python's `push_file(path, name)`: create, PUT, finalize; returns the finalize reply. Gated, the
 * gate runs (and may refuse) before any request, the rows carry its `calibration` stamp, and the
 * reply gets `gate`: the report. Ungated, the file's exact bytes are streamed, its size known up front.
 */
export async function pushFile(path: string, name?: string | null, options: PushFileOptions = {}): Promise<PushResult> {
  const body: Record<string, unknown> = { name: datasetName(path, name) };
  if (options.parent) body["parentDatasetId"] = options.parent;
  if (options.gate ?? true) {
    // Gating needs every row at once (tasks are counted across the file), so the file is read whole.
    const rows = loadJsonl(await readFile(path, "utf8"));
    const report = publishGate(rows, { mode: options.mode });
    const [final] = await upload(body, { bytes: jsonlBytes(rows) }, options);
    return { ...final, gate: report };
  }
  const { size } = await stat(path);
  const open = () => createReadStream(path) as AsyncIterable<Uint8Array>;
  const [final] = await upload(body, { size, open }, options);
  return final;
}
