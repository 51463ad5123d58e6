/** `pushRows` (platform-and-otel.md §4.3): upload rows as a dataset, with an optional task-disjoint holdout and publish. */
import * as py from "@whileai/hash-embed/internal";
import { MODES } from "./constants.js";
import { publishGate, type GateReport } from "./gate/publish-gate.js";
import { metaBody, publish } from "./datasets.js";
import { splitHoldout } from "./split-holdout.js";
import { schemaCheck } from "./schema-check.js";
import { upload, type ProgressCallback } from "./upload.js";
import { concatBytes } from "./concat-bytes.js";
import type { RetryOptions } from "./http/retry.js";
import type { PushResult } from "./replies.js";
import { requestOptions, type RequestOptions } from "./request-options.js";

export interface PushRowsOptions extends RequestOptions {
  /** Dataset this one derives from (`parentDatasetId`). */
  parent?: string | null;
  /** Run Python's `publish_gate` first: stamps `calibration` on the rows in place, may throw `PublishGateError`. */
  gate?: boolean;
  /** The gate's reward-hack refusal: not supported, `true` throws before any request. */
  strictHacks?: boolean;
  mode?: string | null;
  purpose?: string | null;
  agent?: string | null;
  description?: string | null;
  /** Fraction of tasks pushed as a linked `<name>-holdout` dataset. */
  holdout?: number | null;
  /** Publish the dataset as the agent's card after upload (needs `agent`). */
  publish?: boolean;
  /** Seconds the PUT may take; default `putTimeoutFor(bytes)`. */
  timeout?: number | null;
  onProgress?: ProgressCallback;
  /** Retry policy of the presigned PUT. */
  retry?: RetryOptions;
}

const encoder = new TextEncoder();

// Text is encoded every this many characters. One string of every row is a rope of millions of
// small pieces that the collector keeps walking (100,000 rows took 14 s to serialise, not 3 s).
const ENCODE_EVERY = 1 << 14;

/** Python's JSONL payload: `json.dumps(row)` (ASCII-escaped, `", "` separators) and a newline per row. */
export function jsonlBytes(rows: readonly unknown[]): Uint8Array<ArrayBuffer> {
  const chunks: Uint8Array[] = [];
  let text = "";
  for (const row of rows) {
    text += py.pyJsonDumps(row) + "\n";
    if (text.length >= ENCODE_EVERY) {
      chunks.push(encoder.encode(text));
      text = "";
    }
  }
  chunks.push(encoder.encode(text));
  return concatBytes(chunks);
}

/**
 * Python's `push_rows(rows, name)`: checks everything before any request (publish needs an
 * agent, the publish gate when asked, row schema, purpose), uploads the training rows, pushes the holdout rows as a linked
 * `<name>-holdout` dataset and publishes when asked. Returns the finalize reply plus `holdout`,
 * `holdout_tasks`, `gate` and `card` as they apply. Python's small-holdout UserWarning is not emitted:
 * its `holdout_size` math is not part of this port.
 */
export async function pushRows(rows: readonly unknown[], name: string, options: PushRowsOptions = {}): Promise<PushResult> {
  if (options.publish && !options.agent) throw new Error("publish=True needs agent=..., cards are grouped by agent");
  const report: GateReport | null = options.gate ? publishGate(rows, { mode: options.mode, strictHacks: options.strictHacks }) : null;
  schemaCheck(rows, "push_rows");
  const mode = options.mode != null && (MODES as readonly string[]).includes(options.mode) ? options.mode : null;
  const body: Record<string, unknown> = {
    name,
    ...metaBody({ purpose: options.purpose, mode, agent: options.agent, description: options.description }),
  };
  if (options.parent) body["parentDatasetId"] = options.parent;
  const [train, holdout] = splitHoldout(rows, options.holdout);
  const [uploaded, createdId] = await upload(body, { bytes: jsonlBytes(train) }, options);
  let final: PushResult = uploaded;
  const datasetId = py.truthy(final["datasetId"]) ? final["datasetId"] : createdId;
  if (holdout.length) {
    const entry = await pushRows(holdout, `${name}-holdout`, {
      ...requestOptions(options),
      parent: py.pyStr(datasetId),
      purpose: "holdout",
      mode: options.mode,
      agent: options.agent,
      description: options.description,
      timeout: options.timeout,
      onProgress: options.onProgress,
      retry: options.retry,
    });
    // A row without scenario_id counts as one more task (None), as Python's set does.
    const tasks = new Set(holdout.map((r) => (py.isDict(r) ? py.get(r, "scenario_id") : null)));
    final = { ...final, holdout: entry, holdout_tasks: tasks.size };
  }
  if (report) final["gate"] = report;
  if (options.publish) {
    final["card"] = await publish(py.pyStr(datasetId), options.agent ?? "", { ...requestOptions(options), description: options.description });
  }
  return final;
}
