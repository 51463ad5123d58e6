/** Dataset calls that move no rows: list, metadata, preview, profile, publish, delete (§4.5–4.16). */
import * as py from "@whileai/hash-embed/internal";
import * as z from "zod/mini";
import { MODES, PURPOSES } from "./constants.js";
import { call, segment } from "./http/call.js";
import { checkReply, Dict } from "./http/reply.js";
import { pyInt } from "@whileai/hash-embed/internal";
import {
  CardSchema,
  CatalogSchema,
  DatasetListingSchema,
  DatasetSchema,
  DeletedSchema,
  PreviewSchema,
  ProfileReplySchema,
  UnpublishedSchema,
  type Card,
  type Catalog,
  type Dataset,
  type DatasetListing,
  type DatasetProfile,
  type Deleted,
  type Preview,
  type Unpublished,
} from "./replies.js";
import { requestOptions, type ConnectionOptions, type RequestOptions } from "./request-options.js";

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
export async function datasets(options: RequestOptions = {}): Promise<DatasetListing> {
  return checkReply(DatasetListingSchema, await call("GET", "/datasets", requestOptions(options)), "GET /datasets");
}

/** `GET /catalog`, public: never sends a key. */
export async function catalog(options: ConnectionOptions = {}): Promise<Catalog> {
  const { apiUrl, fetch, signal } = options;
  return checkReply(CatalogSchema, await call("GET", "/catalog", { apiUrl, fetch, signal, public: true }), "GET /catalog");
}

export type UpdateDatasetOptions = DatasetMeta & RequestOptions;

/** `POST /datasets/{id}/meta` with the changed fields; at least one is needed. */
export async function updateDataset(datasetId: string, options: UpdateDatasetOptions = {}): Promise<Dataset> {
  const body = metaBody(options);
  if (Object.keys(body).length === 0) throw new Error("pass purpose, mode, agent or description");
  const path = `/datasets/${segment(datasetId)}/meta`;
  return checkReply(DatasetSchema, await call("POST", path, { ...requestOptions(options), body }), `POST ${path}`);
}

/** `GET /datasets/{id}/preview`: sample rows and the analyzer report. */
export async function preview(datasetId: string, options: RequestOptions = {}): Promise<Preview> {
  const path = `/datasets/${segment(datasetId)}/preview`;
  return checkReply(PreviewSchema, await call("GET", path, requestOptions(options)), `GET ${path}`);
}

export interface ProfileOptions extends RequestOptions {
  /** Recompute rather than read the cached profile. */
  force?: boolean;
}

/** `GET /datasets/{id}/profile` (`?force=1` to recompute): the `profile` of the reply. */
export async function profile(datasetId: string, options: ProfileOptions = {}): Promise<DatasetProfile> {
  const path = `/datasets/${segment(datasetId)}/profile${options.force ? "?force=1" : ""}`;
  return checkReply(ProfileReplySchema, await call("GET", path, requestOptions(options)), `GET ${path}`).profile;
}

export interface PublishOptions extends RequestOptions {
  /** The card's description, sent when non-empty. */
  description?: string | null;
}

/** `POST /datasets/{id}/publish` with the agent and, when non-empty, a description. */
export async function publish(datasetId: string, agent: string, options: PublishOptions = {}): Promise<Card> {
  const body: Record<string, unknown> = { agent };
  if (options.description) body["description"] = options.description;
  const path = `/datasets/${segment(datasetId)}/publish`;
  return checkReply(CardSchema, await call("POST", path, { ...requestOptions(options), body }), `POST ${path}`);
}

/** `POST /datasets/{id}/unpublish`, no body. */
export async function unpublish(datasetId: string, options: RequestOptions = {}): Promise<Unpublished> {
  const path = `/datasets/${segment(datasetId)}/unpublish`;
  return checkReply(UnpublishedSchema, await call("POST", path, requestOptions(options)), `POST ${path}`);
}

/** `DELETE /datasets/{id}`. */
export async function deleteDataset(datasetId: string, options: RequestOptions = {}): Promise<Deleted> {
  const path = `/datasets/${segment(datasetId)}`;
  return checkReply(DeletedSchema, await call("DELETE", path, requestOptions(options)), `DELETE ${path}`);
}

// What `deleteEmptyDatasets` and `purgeAgent` read of a listing: counts as Python's `int()` reads them, so not typed here.
export const DatasetList = z.looseObject({ datasets: z.array(Dict) });

export interface DeleteEmptyDatasetsOptions extends RequestOptions {
  /** Above 0, a dataset of at most this many rows counts as empty too. */
  maxRows?: number;
  /** List the datasets without deleting them. */
  dryRun?: boolean;
}

/** The ids deleted (or, on a dry run, that would be), in listing order. */
export interface DeleteEmptyDatasetsResult {
  datasets: unknown[];
  deleted: boolean;
}

/** Delete every dataset with no bytes (or at most `maxRows` rows when > 0), in listing order. */
export async function deleteEmptyDatasets(options: DeleteEmptyDatasetsOptions = {}): Promise<DeleteEmptyDatasetsResult> {
  const maxRows = options.maxRows ?? 0;
  const dryRun = options.dryRun ?? false;
  const request = requestOptions(options);
  const listing = checkReply(DatasetList, await call("GET", "/datasets", request), "GET /datasets");
  const victims: unknown[] = [];
  for (const d of listing.datasets) {
    const empty = pyInt(py.truthy(d["sizeBytes"]) ? d["sizeBytes"] : 0) === 0;
    const small = maxRows > 0 && d["rows"] != null && pyInt(d["rows"]) <= maxRows;
    if (empty || small) victims.push(d["datasetId"]);
  }
  if (!dryRun) for (const id of victims) await call("DELETE", `/datasets/${segment(id)}`, request);
  return { datasets: victims, deleted: !dryRun };
}
