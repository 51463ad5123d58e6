/**
 * The public signatures of the platform client, replies included, as `tsc -p tsconfig.test.json`
 * checks them (the package's `test` script runs it before vitest): a change to what a call takes
 * or returns fails here first. Imported from the entries users import.
 */
import { describe, expectTypeOf, it } from "vitest";
import * as main from "./index.js";
import * as node from "./node/index.js";
import type {
  Agent,
  Card,
  Catalog,
  ConnectionOptions,
  CredentialOptions,
  CutDataset,
  CutOptions,
  CutResult,
  CutsReport,
  Dataset,
  DatasetListing,
  DatasetProfile,
  DelegatedCredential,
  Deleted,
  DeleteEmptyDatasetsOptions,
  DeleteEmptyDatasetsResult,
  GateReport,
  HfPublishOptions,
  HfPushStamp,
  HfStatus,
  ImportHfOptions,
  PlatformFetch,
  Preview,
  ProfileOptions,
  PublishOptions,
  PullOptions,
  PurgeAgentOptions,
  PurgeAgentResult,
  PushResult,
  PushRowsOptions,
  RegisterAgentOptions,
  RegisteredAgent,
  RequestOptions,
  Revoked,
  ScoreReply,
  SendScoreOptions,
  TraceFilterOptions,
  Unpublished,
  UpdateDatasetOptions,
} from "./index.js";
import type { PushFileOptions } from "./node/index.js";

describe("request options", () => {
  it("every keyed call takes apiUrl, apiKey, fetch and signal; public and credential calls all but apiKey", () => {
    expectTypeOf<RequestOptions>().toEqualTypeOf<{ apiUrl?: string | null; apiKey?: string | null; fetch?: PlatformFetch; signal?: AbortSignal }>();
    expectTypeOf<ConnectionOptions>().toEqualTypeOf<{ apiUrl?: string | null; fetch?: PlatformFetch; signal?: AbortSignal }>();
    expectTypeOf<CredentialOptions>().toEqualTypeOf<{ apiUrl?: string | null; fetch?: PlatformFetch; signal?: AbortSignal; ttlSeconds?: number; timeout?: number }>();
    for (const options of [{} as UpdateDatasetOptions, {} as ProfileOptions, {} as PublishOptions, {} as DeleteEmptyDatasetsOptions, {} as PurgeAgentOptions, {} as RegisterAgentOptions, {} as CutOptions, {} as SendScoreOptions, {} as PushRowsOptions, {} as PullOptions, {} as HfPublishOptions, {} as ImportHfOptions, {} as PushFileOptions]) {
      expectTypeOf(options).toExtend<RequestOptions>();
    }
  });

  it("the global fetch fits the fetch option", () => {
    expectTypeOf(fetch).toExtend<PlatformFetch>();
  });
});

describe("calls and their replies", () => {
  it("datasets", () => {
    expectTypeOf(main.datasets).toEqualTypeOf<(options?: RequestOptions) => Promise<DatasetListing>>();
    expectTypeOf(main.catalog).toEqualTypeOf<(options?: ConnectionOptions) => Promise<Catalog>>();
    expectTypeOf(main.updateDataset).toEqualTypeOf<(datasetId: string, options?: UpdateDatasetOptions) => Promise<Dataset>>();
    expectTypeOf(main.preview).toEqualTypeOf<(datasetId: string, options?: RequestOptions) => Promise<Preview>>();
    expectTypeOf(main.profile).toEqualTypeOf<(datasetId: string, options?: ProfileOptions) => Promise<DatasetProfile>>();
    expectTypeOf(main.publish).toEqualTypeOf<(datasetId: string, agent: string, options?: PublishOptions) => Promise<Card>>();
    expectTypeOf(main.unpublish).toEqualTypeOf<(datasetId: string, options?: RequestOptions) => Promise<Unpublished>>();
    expectTypeOf(main.deleteDataset).toEqualTypeOf<(datasetId: string, options?: RequestOptions) => Promise<Deleted>>();
    expectTypeOf(main.deleteEmptyDatasets).toEqualTypeOf<(options?: DeleteEmptyDatasetsOptions) => Promise<DeleteEmptyDatasetsResult>>();
    expectTypeOf<DeleteEmptyDatasetsResult>().toEqualTypeOf<{ datasets: unknown[]; deleted: boolean }>();
  });

  it("agents", () => {
    expectTypeOf(main.agents).toEqualTypeOf<(options?: RequestOptions) => Promise<Agent[]>>();
    expectTypeOf(main.registerAgent).toEqualTypeOf<(name: string, options?: RegisterAgentOptions) => Promise<RegisteredAgent>>();
    expectTypeOf(main.purgeAgent).toEqualTypeOf<(agent: string, options?: PurgeAgentOptions) => Promise<PurgeAgentResult>>();
    expectTypeOf<PurgeAgentResult>().toEqualTypeOf<{ agent: string; traces: number; datasets: number; deleted: boolean }>();
  });

  it("traces", () => {
    expectTypeOf(main.cuts).toEqualTypeOf<(options?: TraceFilterOptions & RequestOptions) => Promise<CutsReport>>();
    expectTypeOf(main.cut).toEqualTypeOf<(options?: CutOptions) => Promise<CutResult>>();
    expectTypeOf(main.sendScore).toEqualTypeOf<(options?: SendScoreOptions) => Promise<ScoreReply>>();
  });

  it("credentials", () => {
    expectTypeOf(main.issueDelegatedCredential).toEqualTypeOf<(clerkToken: string, options?: CredentialOptions & { name?: string }) => Promise<DelegatedCredential>>();
    expectTypeOf(main.refreshDelegatedCredential).toEqualTypeOf<(clerkToken: string, credential: string, options?: CredentialOptions) => Promise<DelegatedCredential>>();
    expectTypeOf(main.revokeDelegatedCredential).toEqualTypeOf<(clerkToken: string, credential: string, options?: Omit<CredentialOptions, "ttlSeconds">) => Promise<Revoked>>();
  });

  it("Hugging Face", () => {
    expectTypeOf(main.hfStatus).toEqualTypeOf<(options?: RequestOptions) => Promise<HfStatus>>();
    expectTypeOf(main.hfPublish).toEqualTypeOf<(datasetId: string, options?: HfPublishOptions) => Promise<HfPushStamp>>();
    expectTypeOf(main.hfPublishRun).toEqualTypeOf<(runId: string, options?: HfPublishOptions) => Promise<HfPushStamp>>();
    expectTypeOf(main.importHf).toEqualTypeOf<(repo: string, options?: ImportHfOptions) => Promise<Dataset>>();
  });

  it("moving rows: pushRows, pushFile and both pulls", () => {
    expectTypeOf(main.pushRows).toEqualTypeOf<(rows: readonly unknown[], name: string, options?: PushRowsOptions) => Promise<PushResult>>();
    expectTypeOf(node.pushFile).toEqualTypeOf<(path: string, name?: string | null, options?: PushFileOptions) => Promise<PushResult>>();
    expectTypeOf(main.pull).toEqualTypeOf<(datasetId: string, options?: PullOptions) => Promise<unknown[]>>();
    // The Node entry's pull: a path gives the path back, no path the rows.
    expectTypeOf(node.pull("ds", "out.jsonl")).toEqualTypeOf<Promise<string>>();
    expectTypeOf(node.pull("ds")).toEqualTypeOf<Promise<unknown[]>>();
    expectTypeOf(node.pull("ds", null, { apiKey: "k" })).toEqualTypeOf<Promise<unknown[]>>();
    expectTypeOf(node.pull("ds", "" as string | null)).toEqualTypeOf<Promise<string | unknown[]>>();
  });
});

// Loose objects: every documented field optional, anything else `unknown`.
describe("reply types", () => {
  it("a dataset, its listing and a card", () => {
    expectTypeOf<Dataset>().toEqualTypeOf<{
      datasetId?: string;
      name?: string;
      status?: string;
      purpose?: string;
      mode?: string | null;
      agent?: string | null;
      description?: string | null;
      parentDatasetId?: string | null;
      sizeBytes?: number | null;
      rows?: number | null;
      createdAt?: string;
      [key: string]: unknown;
    }>();
    expectTypeOf<Dataset["somethingNew"]>().toEqualTypeOf<unknown>();
    expectTypeOf<DatasetListing["datasets"]>().toEqualTypeOf<Dataset[] | undefined>();
    expectTypeOf<DatasetListing["storageBytes"]>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<Catalog["datasets"]>().toEqualTypeOf<Card[] | undefined>();
    expectTypeOf<Card["url"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Preview["rows"]>().toEqualTypeOf<unknown[] | undefined>();
  });

  it("profile, agents, cuts and cut", () => {
    expectTypeOf<DatasetProfile["pass_rate"]>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<Agent["sets"]>().toEqualTypeOf<Record<string, number> | undefined>();
    expectTypeOf<RegisteredAgent["tools"]>().toEqualTypeOf<unknown[] | null | undefined>();
    expectTypeOf<CutsReport["filter"]>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<NonNullable<CutsReport["rl"]>["passRate"]>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<CutResult["train"]>().toEqualTypeOf<CutDataset | null>();
    expectTypeOf<CutResult["holdout"]>().toEqualTypeOf<CutDataset | null>();
    expectTypeOf<CutDataset["role"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<CutDataset["datasetId"]>().toEqualTypeOf<string | undefined>();
  });

  it("scores, credentials, Hugging Face and pushes", () => {
    expectTypeOf<ScoreReply["applied"]>().toEqualTypeOf<{ traceId?: string; name?: string; [key: string]: unknown }[] | undefined>();
    expectTypeOf<ScoreReply["unknown"]>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<DelegatedCredential["credential"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Revoked["revoked"]>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<HfStatus["namespaces"]>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<HfPushStamp["commit"]>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<PushResult>().toExtend<Dataset>();
    expectTypeOf<PushResult["holdout"]>().toEqualTypeOf<PushResult | undefined>();
    expectTypeOf<PushResult["gate"]>().toEqualTypeOf<GateReport | undefined>();
    expectTypeOf<PushResult["card"]>().toEqualTypeOf<Card | undefined>();
  });
});
