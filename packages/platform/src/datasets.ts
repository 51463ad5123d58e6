/** Dataset calls that move no rows: list, metadata, preview, profile, publish, delete (§4.5–4.16). */
import * as py from "@whileai/hash-embed/internal";
import { z } from "zod";
import { MODES, PURPOSES } from "./constants.js";
import { call, segment } from "./http/call.js";
import { checkReply, Dict } from "./http/reply.js";
import { pyInt } from "@whileai/hash-embed/internal";
import type { RequestOptions } from "./request-options.js";

const PURPOSES_REPR = py.pyRepr(new py.PyTuple([...PURPOSES]));
const MODES_REPR = py.pyRepr(new py.PyTuple([...MODES]));

export interface DatasetMeta {
  purpose?: string | null;
  mode?: string | null;
  agent?: string | null;
  description?: string | null;
}

/** Python's `_meta_body`: every key that is not None, purpose and mode checked. */
export function metaBody({ purpose, mode, agent, description }: DatasetMeta): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (purpose != null) {
    if (!(PURPOSES as readonly unknown[]).includes(purpose)) {
      throw new Error(`purpose must be one of ${PURPOSES_REPR}, got ${py.pyRepr(purpose)}`);
    }
    body["purpose"] = purpose;
  }
  if (mode != null) {
    if (!(MODES as readonly unknown[]).includes(mode)) {
      throw new Error(`mode must be one of ${MODES_REPR}, got ${py.pyRepr(mode)}`);
    }
    body["mode"] = mode;
  }
  if (agent != null) body["agent"] = agent;
  if (description != null) body["description"] = description;
  return body;
}

/** `GET /datasets`: the whole reply (`{datasets, storageBytes}`). */
export async function datasets(options: RequestOptions = {}): Promise<unknown> {
  return call("GET", "/datasets", options);
}

/** `GET /catalog`, public: never sends a key. */
export async function catalog(options: { signal?: AbortSignal } = {}): Promise<unknown> {
  return call("GET", "/catalog", { public: true, signal: options.signal });
}

export type UpdateDatasetOptions = DatasetMeta & RequestOptions;

/** `POST /datasets/{id}/meta` with the changed fields; at least one is needed. */
export async function updateDataset(datasetId: string, options: UpdateDatasetOptions = {}): Promise<unknown> {
  const body = metaBody(options);
  if (Object.keys(body).length === 0) throw new Error("pass purpose, mode, agent or description");
  return call("POST", `/datasets/${segment(datasetId)}/meta`, { ...options, body });
}

/** `GET /datasets/{id}/preview`: sample rows and the analyzer report. */
export async function preview(datasetId: string, options: RequestOptions = {}): Promise<unknown> {
  return call("GET", `/datasets/${segment(datasetId)}/preview`, options);
}

const ProfileReply = z.looseObject({ profile: z.unknown() });

/** `GET /datasets/{id}/profile` (`?force=1` to recompute): the `profile` of the reply. */
export async function profile(datasetId: string, options: RequestOptions & { force?: boolean } = {}): Promise<unknown> {
  const path = `/datasets/${segment(datasetId)}/profile${options.force ? "?force=1" : ""}`;
  const reply = checkReply(ProfileReply, await call("GET", path, options), `GET ${path}`);
  return reply.profile;
}

/** `POST /datasets/{id}/publish` with the agent and, when non-empty, a description. */
export async function publish(
  datasetId: string,
  agent: string,
  options: RequestOptions & { description?: string | null } = {},
): Promise<unknown> {
  const body: Record<string, unknown> = { agent };
  if (options.description) body["description"] = options.description;
  return call("POST", `/datasets/${segment(datasetId)}/publish`, { ...options, body });
}

/** `POST /datasets/{id}/unpublish`, no body. */
export async function unpublish(datasetId: string, options: RequestOptions = {}): Promise<unknown> {
  return call("POST", `/datasets/${segment(datasetId)}/unpublish`, options);
}

/** `DELETE /datasets/{id}`. */
export async function deleteDataset(datasetId: string, options: RequestOptions = {}): Promise<unknown> {
  return call("DELETE", `/datasets/${segment(datasetId)}`, options);
}

export const DatasetList = z.looseObject({ datasets: z.array(Dict) });

export interface DeleteEmptyDatasetsOptions extends RequestOptions {
  maxRows?: number;
  dryRun?: boolean;
}

/** Delete every dataset with no bytes (or at most `maxRows` rows when > 0), in listing order. */
export async function deleteEmptyDatasets(
  options: DeleteEmptyDatasetsOptions = {},
): Promise<{ datasets: unknown[]; deleted: boolean }> {
  const maxRows = options.maxRows ?? 0;
  const dryRun = options.dryRun ?? false;
  const listing = checkReply(DatasetList, await call("GET", "/datasets", options), "GET /datasets");
  const victims: unknown[] = [];
  for (const d of listing.datasets) {
    const empty = pyInt(py.truthy(d["sizeBytes"]) ? d["sizeBytes"] : 0) === 0;
    const small = maxRows > 0 && d["rows"] != null && pyInt(d["rows"]) <= maxRows;
    if (empty || small) victims.push(d["datasetId"]);
  }
  if (!dryRun) for (const id of victims) await call("DELETE", `/datasets/${segment(id)}`, options);
  return { datasets: victims, deleted: !dryRun };
}
