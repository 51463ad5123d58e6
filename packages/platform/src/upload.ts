/** The upload flow shared by `pushRows` and `pushFile` (platform-and-otel.md §3): create, one presigned PUT, finalize. */
import * as z from "zod/mini";
import { call, segment } from "./http/call.js";
import { checkReply } from "./http/reply.js";
import type { RetryOptions } from "./http/retry.js";
import { PlatformError } from "./platform-error.js";
import { putTimeoutFor } from "./put-timeout.js";
import { DatasetSchema, type Dataset } from "./replies.js";
import { requestOptions, type RequestOptions } from "./request-options.js";

/** Bytes moved so far and the total when known. */
export interface Progress {
  bytes: number;
  total: number | null;
}

export type ProgressCallback = (progress: Progress) => void;

/** What the PUT sends: bytes in memory, or a fresh chunk stream per attempt of a known size. */
export type UploadPayload =
  | { bytes: Uint8Array<ArrayBuffer> }
  | { size: number; open: () => AsyncIterable<Uint8Array> };

export interface UploadOptions extends RequestOptions {
  /** Seconds the PUT may take; default `putTimeoutFor(bytes)`. */
  timeout?: number | null;
  onProgress?: ProgressCallback;
  /** Retry policy of the presigned PUT (the create POST is never retried). */
  retry?: RetryOptions;
}

const Created = z.looseObject({ uploadUrl: z.string(), datasetId: z.unknown() });

// Progress is reported per chunk handed to the transport, so a slice of memory this size is the granularity.
const PROGRESS_CHUNK = 1 << 20;

async function* slices(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  for (let at = 0; at < bytes.length; at += PROGRESS_CHUNK) yield bytes.subarray(at, at + PROGRESS_CHUNK);
}

async function* counted(chunks: AsyncIterable<Uint8Array>, total: number, onProgress: ProgressCallback): AsyncIterable<Uint8Array> {
  let bytes = 0;
  for await (const chunk of chunks) {
    yield chunk;
    bytes += chunk.length;
    onProgress({ bytes, total });
  }
}

function putData(payload: UploadPayload, onProgress: ProgressCallback | undefined) {
  if ("bytes" in payload) {
    const bytes = payload.bytes;
    if (!onProgress) return bytes;
    return () => counted(slices(bytes), bytes.length, onProgress);
  }
  return onProgress ? () => counted(payload.open(), payload.size, onProgress) : payload.open;
}

/**
 * `POST /datasets` with `body`, `PUT` the payload to the presigned URL it hands out, then
 * `POST /datasets/{id}/finalize`; returns `[finalize reply, created datasetId]`. A failed PUT
 * is re-raised with the size and the cap, as Python words it.
 */
export async function upload(
  body: Record<string, unknown>,
  payload: UploadPayload,
  options: UploadOptions,
): Promise<[Dataset, unknown]> {
  const request = requestOptions(options);
  const created = checkReply(Created, await call("POST", "/datasets", { ...request, body }), "POST /datasets");
  const size = "bytes" in payload ? payload.bytes.length : payload.size;
  const cap = options.timeout != null ? options.timeout : putTimeoutFor(size);
  try {
    await call("PUT", "", {
      rawUrl: created.uploadUrl,
      data: putData(payload, options.onProgress),
      contentLength: size,
      contentType: "application/jsonl",
      timeout: cap,
      fetch: request.fetch,
      signal: request.signal,
      retry: options.retry,
    });
  } catch (error) {
    if (!PlatformError.isInstance(error)) throw error;
    const mb = size / 1e6;
    throw new PlatformError(
      `upload of ${fixed0(mb)} MB failed after ${fixed0(cap)}s: ${error.message}. Pass timeout= for a longer cap, or split the push (push_rows on a slice).`,
      { status: error.status, method: error.method, url: error.url, detail: error.detail, cause: error },
    );
  }
  const path = `/datasets/${segment(created.datasetId)}/finalize`;
  const final = checkReply(DatasetSchema, await call("POST", path, request), `POST ${path}`);
  return [final, created.datasetId];
}

/** Python's `f"{x:.0f}"`: round half to even. */
export function fixed0(x: number): string {
  const r = Math.round(x);
  const even = r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
  return String(Object.is(even, -0) ? 0 : even);
}
