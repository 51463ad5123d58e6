/**
 * What the platform answers, as zod schemas each call checks its reply with and as the types the
 * calls return. Every object is loose (a field the platform adds later passes through, typed
 * `unknown`), and every field is optional, as the Python SDK reads none of them on these paths:
 * an empty 2xx body is `{}`. A field that is there must have its type, else the call throws a
 * `PlatformError` naming the request and the field.
 */
import * as z from "zod/mini";
import type { GateReport } from "./gate/publish-gate.js";

const text = z.optional(z.string());
const maybeText = z.nullish(z.string());
const count = z.nullish(z.number());
const flag = z.optional(z.boolean());
const texts = z.optional(z.array(z.string()));

const datasetFields = {
  datasetId: text,
  name: text,
  /** `pending` until finalized, then `ready`; `importing` or `failed` during a Hugging Face import. */
  status: text,
  /** `train`, `holdout` or `eval`. */
  purpose: text,
  mode: maybeText,
  agent: maybeText,
  description: maybeText,
  parentDatasetId: maybeText,
  sizeBytes: count,
  rows: count,
  createdAt: text,
};

/** A dataset: a `datasets()` entry, and the reply of `updateDataset`, `importHf` and an upload's finalize. */
export const DatasetSchema = z.looseObject(datasetFields);
export type Dataset = z.infer<typeof DatasetSchema>;

/** `datasets()`: the account's datasets, newest first, and the bytes they hold. */
export const DatasetListingSchema = z.looseObject({ datasets: z.optional(z.array(DatasetSchema)), storageBytes: count });
export type DatasetListing = z.infer<typeof DatasetListingSchema>;

/** A published dataset: a `catalog()` entry and the reply of `publish`. */
export const CardSchema = z.looseObject({
  datasetId: text,
  name: text,
  agent: text,
  description: maybeText,
  rows: count,
  sizeBytes: count,
  publishedAt: text,
  url: text,
});
export type Card = z.infer<typeof CardSchema>;

/** `catalog()`: every public card and the agents they group under. */
export const CatalogSchema = z.looseObject({
  datasets: z.optional(z.array(CardSchema)),
  agents: z.optional(z.array(z.looseObject({ slug: text, cards: count }))),
});
export type Catalog = z.infer<typeof CatalogSchema>;

/** `preview(id)`: the first rows and the analyzer's report. */
export const PreviewSchema = z.looseObject({ rows: z.optional(z.array(z.unknown())), report: z.nullish(z.record(z.string(), z.unknown())) });
export type Preview = z.infer<typeof PreviewSchema>;

/** `profile(id)`: what the rows hold for training. */
export const DatasetProfileSchema = z.looseObject({
  /** Rows that are JSON objects. */
  n: count,
  graded: count,
  pass_rate: count,
  tasks: count,
  mixed_tasks: count,
  /** Share of graded rows in a task with both a pass and a fail. */
  gradient_support: count,
  per_task: z.optional(z.array(z.looseObject({ task: text, rows: count, pass_rate: count, mixed: flag }))),
  tool_use: z.optional(z.record(z.string(), z.unknown())),
  tokens: z.optional(z.record(z.string(), z.unknown())),
});
export type DatasetProfile = z.infer<typeof DatasetProfileSchema>;

/** `profile(id)` reads `profile` of this reply, as Python does (a missing one is an error). */
export const ProfileReplySchema = z.looseObject({ profile: DatasetProfileSchema });

/** `unpublish(id)`. */
export const UnpublishedSchema = z.looseObject({ datasetId: text, published: flag });
export type Unpublished = z.infer<typeof UnpublishedSchema>;

/** `deleteDataset(id)`. */
export const DeletedSchema = z.looseObject({ deleted: flag, datasetId: text });
export type Deleted = z.infer<typeof DeletedSchema>;

/** An `agents()` entry: its traces, its ready datasets per purpose (`sets`) and its cards. */
export const AgentSchema = z.looseObject({
  slug: text,
  name: maybeText,
  description: maybeText,
  traces: count,
  sets: z.optional(z.record(z.string(), z.number())),
  cards: count,
});
export type Agent = z.infer<typeof AgentSchema>;

/** `agents()` reads `agents` of this reply, as Python does (a missing one is an error). */
export const AgentsReplySchema = z.looseObject({ agents: z.array(AgentSchema) });

/** `registerAgent(name)`: the agent as registered. */
export const RegisteredAgentSchema = z.looseObject({
  slug: text,
  name: text,
  description: maybeText,
  tools: z.nullish(z.array(z.unknown())),
  system_prompt: maybeText,
  createdAt: text,
});
export type RegisteredAgent = z.infer<typeof RegisteredAgentSchema>;

/** `cuts()`: what the traces hold for training. `filter` is the one sent, unless the platform echoes its own. */
export const CutsReportSchema = z.looseObject({
  prompts: count,
  runs: count,
  noReward: count,
  kinds: z.optional(z.record(z.string(), z.looseObject({ prompts: count }))),
  rl: z.optional(z.looseObject({ prompts: count, rows: count, support: count, passRate: count, train: count, holdout: count })),
  sft: z.optional(z.looseObject({ prompts: count, rows: count, train: count, holdout: count })),
  more: z.optional(z.looseObject({ prompts: count })),
  groups: z.optional(z.array(z.looseObject({ prompt: text, runs: count, graded: count, passes: count, passRate: count, kind: text }))),
  filter: z.optional(z.record(z.string(), z.unknown())),
});
export type CutsReport = z.infer<typeof CutsReportSchema> & { filter: Record<string, unknown> };

/** A dataset `cut()` made: `role` is `train` or `holdout`, `prompts` its tasks. */
export const CutDatasetSchema = z.looseObject({ ...datasetFields, role: text, prompts: count });
export type CutDataset = z.infer<typeof CutDatasetSchema>;

/** `cut()`'s reply as sent; `train` and `holdout` are then set from `made`. */
export const CutReplySchema = z.looseObject({ made: z.nullish(z.array(CutDatasetSchema)), kind: text, band: z.optional(z.array(z.number())) });
export type CutResult = Omit<z.infer<typeof CutReplySchema>, "train" | "holdout"> & { train: CutDataset | null; holdout: CutDataset | null };

/** `sendScore()`: the measurements applied, and in a partly good batch the unknown trace ids and the rejected items. */
export const ScoreReplySchema = z.looseObject({
  applied: z.optional(z.array(z.looseObject({ traceId: text, name: text }))),
  unknown: z.optional(z.array(z.string())),
  rejected: z.optional(z.array(z.looseObject({ error: text }))),
});
export type ScoreReply = z.infer<typeof ScoreReplySchema>;

/** `issueDelegatedCredential` and `refreshDelegatedCredential`: `credential` is the `zp_dc_…` key to use. */
export const DelegatedCredentialSchema = z.looseObject({ credential: text, name: text, expiresAt: text, ttlSeconds: count });
export type DelegatedCredential = z.infer<typeof DelegatedCredentialSchema>;

/** `revokeDelegatedCredential`. */
export const RevokedSchema = z.looseObject({ revoked: flag });
export type Revoked = z.infer<typeof RevokedSchema>;

/** `hfStatus()`: the account's Hugging Face connection. */
export const HfStatusSchema = z.looseObject({ connected: flag, username: maybeText, namespaces: texts, scopes: texts, error: text });
export type HfStatus = z.infer<typeof HfStatusSchema>;

/** A Hugging Face push stamp: `pushing`, then `done` (with the commit) or `error`. */
export const HfPushStampSchema = z.looseObject({
  status: text,
  repo: text,
  url: text,
  split: text,
  path: text,
  private: flag,
  commit: maybeText,
  tag: text,
  error: text,
});
export type HfPushStamp = z.infer<typeof HfPushStampSchema>;

/** `hfPublish` and `hfPublishRun` read `hf` of the publish reply. */
export const HfPublishReplySchema = z.looseObject({ hf: HfPushStampSchema });

/** `pushRows` and `pushFile`: the finalize reply, plus what the push did besides. */
export interface PushResult extends Dataset {
  /** The linked `<name>-holdout` dataset, when a holdout was asked for and has rows. */
  holdout?: PushResult;
  /** Distinct `scenario_id`s of the holdout rows (a row without one counts as one more). */
  holdout_tasks?: number;
  /** The push gate's report, when the gate ran. */
  gate?: GateReport;
  /** The card, when `publish: true`. */
  card?: Card;
}
