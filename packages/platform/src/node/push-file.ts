/** `pushFile` (platform-and-otel.md §4.4): upload a JSONL file as it is on disk, streamed, never held in memory. */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { basename } from "node:path";
import type { RetryOptions } from "../http/retry.js";
import { GATE_NOT_SUPPORTED } from "../push-rows.js";
import type { RequestOptions } from "../request-options.js";
import { upload, type ProgressCallback } from "../upload.js";

export interface PushFileOptions extends RequestOptions {
  parent?: string | null;
  /** Python defaults to the publish gate, which is not supported yet: pass `gate: false`. */
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

/**
 * Python's `push_file(path, name)` with `gate=False`: create, PUT the file's exact bytes
 * (streamed from disk, its size known up front), finalize; returns the finalize reply.
 */
export async function pushFile(path: string, name?: string | null, options: PushFileOptions = {}): Promise<Record<string, unknown>> {
  if (options.gate ?? true) throw new Error(GATE_NOT_SUPPORTED);
  const { size } = await stat(path);
  const body: Record<string, unknown> = { name: datasetName(path, name) };
  if (options.parent) body["parentDatasetId"] = options.parent;
  const open = () => createReadStream(path) as AsyncIterable<Uint8Array>;
  const [final] = await upload(body, { size, open }, options);
  return final;
}
