/** Hugging Face publish and import (platform-and-otel.md §4.19–4.21, §6): a request, then a polling loop. */
import * as py from "@whileai/hash-embed/internal";
import * as z from "zod/mini";
import {
  PLATFORM_HF_DATASET_TIMEOUT_S,
  PLATFORM_HF_MODEL_POLL_S,
  PLATFORM_HF_MODEL_TIMEOUT_S,
  PLATFORM_HF_POLL_S,
  PLATFORM_IMPORT_MAX_ROWS,
  PLATFORM_IMPORT_POLL_S,
  PLATFORM_IMPORT_TIMEOUT_S,
} from "./constants.js";
import { call, segment } from "./http/call.js";
import { checkReply, Dict } from "./http/reply.js";
import { sleep } from "./http/retry.js";
import { PlatformError } from "./platform-error.js";
import { DatasetSchema, HfPublishReplySchema, HfPushStampSchema, type Dataset, type HfPushStamp } from "./replies.js";
import { requestOptions, type RequestOptions } from "./request-options.js";

export interface HfPublishOptions extends RequestOptions {
  namespace?: string | null;
  repo?: string | null;
  private?: boolean;
  /** Poll until the push ends (default); false returns the `hf` stamp at once. */
  wait?: boolean;
  /** Seconds to wait for the push. */
  timeout?: number;
  /** Seconds between polls. */
  poll?: number;
  /** The clock of the deadline and the pauses between polls (tests pass their own). */
  clock?: PollClock;
}

/** Seconds on a clock, and a pause on it that a signal's abort ends early with the abort reason. */
export interface PollClock {
  now(): number;
  sleep(seconds: number, signal?: AbortSignal): Promise<void>;
}

// A wall clock can jump; deadlines use the monotonic one, as Python's `time.monotonic`.
const MONOTONIC: PollClock = { now: () => performance.now() / 1000, sleep: (seconds, signal) => sleep(seconds * 1000, signal) };

/** Python's `_wait_hf`: GET `path` until `hf.status` is done (its `hf`) or error (throws), or the deadline passes. */
async function waitHf(path: string, timeout: number, poll: number, clock: PollClock, options: RequestOptions): Promise<HfPushStamp> {
  const deadline = clock.now() + timeout;
  for (;;) {
    const row = checkReply(Dict, await call("GET", path, options), `GET ${path}`);
    const hf = py.truthy(row["hf"]) ? row["hf"] : {};
    // Python's `hf.get` raises on a non-dict stamp; we keep polling, as for any unknown status.
    const status = py.isDict(hf) ? hf["status"] : null;
    if (status === "done") return checkReply(HfPushStampSchema, hf, `GET ${path}`);
    if (status === "error") {
      const error = py.isDict(hf) && "error" in hf ? hf["error"] : "unknown error";
      throw new PlatformError(`Hugging Face push failed: ${py.pyStr(error)}`);
    }
    if (clock.now() >= deadline) {
      throw new PlatformError(`Hugging Face push still running after ${py.pyInt(timeout)} s; check hf on the row later`);
    }
    await clock.sleep(poll, options.signal);
  }
}

async function publishHf(kind: "datasets" | "runs", id: string, options: HfPublishOptions, defaults: [boolean, number, number]): Promise<HfPushStamp> {
  const [isPrivate, timeout, poll] = defaults;
  const body: Record<string, unknown> = { private: options.private ?? isPrivate };
  if (options.namespace) body["namespace"] = options.namespace;
  if (options.repo) body["repo"] = options.repo;
  const base = `/${kind}/${segment(id)}`;
  const request = requestOptions(options);
  const reply = checkReply(HfPublishReplySchema, await call("POST", `${base}/hf-publish`, { ...request, body }), `POST ${base}/hf-publish`);
  if (options.wait === false) return reply.hf;
  return waitHf(base, options.timeout ?? timeout, options.poll ?? poll, options.clock ?? MONOTONIC, request);
}

/** `POST /datasets/{id}/hf-publish`, then (unless `wait: false`) poll `GET /datasets/{id}` for the `hf` stamp. */
export function hfPublish(datasetId: string, options: HfPublishOptions = {}): Promise<HfPushStamp> {
  return publishHf("datasets", datasetId, options, [false, PLATFORM_HF_DATASET_TIMEOUT_S, PLATFORM_HF_POLL_S]);
}

/** As `hfPublish` for a training run's model: `/runs/{id}`, private by default, 900 s / 3 s. */
export function hfPublishRun(runId: string, options: HfPublishOptions = {}): Promise<HfPushStamp> {
  return publishHf("runs", runId, options, [true, PLATFORM_HF_MODEL_TIMEOUT_S, PLATFORM_HF_MODEL_POLL_S]);
}

export interface ImportHfOptions extends RequestOptions {
  split?: string;
  revision?: string | null;
  config?: string | null;
  name?: string | null;
  purpose?: string;
  mode?: string | null;
  agent?: string | null;
  description?: string | null;
  maxRows?: number;
  wait?: boolean;
  timeout?: number;
  poll?: number;
  /** As in `hfPublish`. */
  clock?: PollClock;
}

const ImportRow = z.looseObject({ datasetId: z.unknown() });
const IMPORT_PATH = "/datasets/import-hf";

/**
 * `POST /datasets/import-hf` (no client-side validation), then (unless `wait: false`) poll
 * `GET /datasets/{datasetId}` while the status is "importing"; a "failed" import throws.
 */
export async function importHf(repo: string, options: ImportHfOptions = {}): Promise<Dataset> {
  const split = options.split ?? "train";
  const body: Record<string, unknown> = {
    repo,
    split,
    purpose: options.purpose ?? "train",
    max_rows: options.maxRows ?? PLATFORM_IMPORT_MAX_ROWS,
  };
  for (const key of ["revision", "config", "name", "mode", "agent", "description"] as const) {
    if (options[key]) body[key] = options[key];
  }
  const request = requestOptions(options);
  let row = checkReply(Dict, await call("POST", IMPORT_PATH, { ...request, body }), `POST ${IMPORT_PATH}`);
  if (options.wait === false) return checkReply(DatasetSchema, row, `POST ${IMPORT_PATH}`);
  const timeout = options.timeout ?? PLATFORM_IMPORT_TIMEOUT_S;
  const poll = options.poll ?? PLATFORM_IMPORT_POLL_S;
  const clock = options.clock ?? MONOTONIC;
  const deadline = clock.now() + timeout;
  while (row["status"] === "importing") {
    const id = checkReply(ImportRow, row, "the import row").datasetId;
    if (clock.now() > deadline) {
      throw new PlatformError(`import of ${repo}:${split} still running after ${py.pyInt(timeout)} s; it is ${py.pyStr(id)}`);
    }
    await clock.sleep(poll, options.signal);
    const path = `/datasets/${segment(id)}`;
    row = checkReply(Dict, await call("GET", path, request), `GET ${path}`);
  }
  if (row["status"] === "failed") {
    const info = py.truthy(row["hfImport"]) ? row["hfImport"] : {};
    const error = py.isDict(info) && "error" in info ? info["error"] : "unknown error";
    throw new PlatformError(`import of ${repo}:${split} failed: ${py.pyStr(error)}`);
  }
  return checkReply(DatasetSchema, row, "the imported dataset");
}
