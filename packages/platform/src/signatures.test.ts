/**
 * The public signatures of the platform client, replies included, as `tsc -p tsconfig.test.json`
 * checks them (the package's `test` script runs it before vitest): a change to what a call takes
 * or returns fails here first. Everything comes from the entries users import, `main` and `node`.
 */
import { describe, expectTypeOf, it } from "vitest";
import * as main from "./index.js";
import * as node from "./node/index.js";

describe("request options", () => {
  it("every keyed call takes apiUrl, apiKey, fetch and signal; public and credential calls all but apiKey", () => {
    expectTypeOf<main.RequestOptions>().toEqualTypeOf<{ apiUrl?: string | null; apiKey?: string | null; fetch?: main.PlatformFetch; signal?: AbortSignal }>();
    expectTypeOf<main.ConnectionOptions>().toEqualTypeOf<{ apiUrl?: string | null; fetch?: main.PlatformFetch; signal?: AbortSignal }>();
    expectTypeOf<main.CredentialOptions>().toEqualTypeOf<{ apiUrl?: string | null; fetch?: main.PlatformFetch; signal?: AbortSignal; ttlSeconds?: number; timeout?: number }>();
    for (const options of [{} as main.UpdateDatasetOptions, {} as main.ProfileOptions, {} as main.PublishOptions, {} as main.DeleteEmptyDatasetsOptions, {} as main.PurgeAgentOptions, {} as main.RegisterAgentOptions, {} as main.CutOptions, {} as main.SendScoreOptions, {} as main.PushRowsOptions, {} as main.PullOptions, {} as main.HfPublishOptions, {} as main.ImportHfOptions, {} as node.PushFileOptions]) {
      expectTypeOf(options).toExtend<main.RequestOptions>();
    }
  });

  it("the global fetch fits the fetch option", () => {
    expectTypeOf(fetch).toExtend<main.PlatformFetch>();
  });
});

describe("calls and their replies", () => {
  it("datasets", () => {
    expectTypeOf(main.datasets).toEqualTypeOf<(options?: main.RequestOptions) => Promise<main.DatasetListing>>();
    expectTypeOf(main.catalog).toEqualTypeOf<(options?: main.ConnectionOptions) => Promise<main.Catalog>>();
    expectTypeOf(main.updateDataset).toEqualTypeOf<(datasetId: string, options?: main.UpdateDatasetOptions) => Promise<main.Dataset>>();
    expectTypeOf(main.preview).toEqualTypeOf<(datasetId: string, options?: main.RequestOptions) => Promise<main.Preview>>();
    expectTypeOf(main.profile).toEqualTypeOf<(datasetId: string, options?: main.ProfileOptions) => Promise<main.DatasetProfile>>();
    expectTypeOf(main.publish).toEqualTypeOf<(datasetId: string, agent: string, options?: main.PublishOptions) => Promise<main.Card>>();
    expectTypeOf(main.unpublish).toEqualTypeOf<(datasetId: string, options?: main.RequestOptions) => Promise<main.Unpublished>>();
    expectTypeOf(main.deleteDataset).toEqualTypeOf<(datasetId: string, options?: main.RequestOptions) => Promise<main.Deleted>>();
    expectTypeOf(main.deleteEmptyDatasets).toEqualTypeOf<(options?: main.DeleteEmptyDatasetsOptions) => Promise<main.DeleteEmptyDatasetsResult>>();
    expectTypeOf<main.DeleteEmptyDatasetsResult>().toEqualTypeOf<{ datasets: unknown[]; deleted: boolean }>();
  });

  it("agents", () => {
    expectTypeOf(main.agents).toEqualTypeOf<(options?: main.RequestOptions) => Promise<main.Agent[]>>();
    expectTypeOf(main.registerAgent).toEqualTypeOf<(name: string, options?: main.RegisterAgentOptions) => Promise<main.RegisteredAgent>>();
    expectTypeOf(main.purgeAgent).toEqualTypeOf<(agent: string, options?: main.PurgeAgentOptions) => Promise<main.PurgeAgentResult>>();
    expectTypeOf<main.PurgeAgentResult>().toEqualTypeOf<{ agent: string; traces: number; datasets: number; deleted: boolean }>();
  });

  it("traces", () => {
    expectTypeOf(main.cuts).toEqualTypeOf<(options?: main.TraceFilterOptions & main.RequestOptions) => Promise<main.CutsReport>>();
    expectTypeOf(main.cut).toEqualTypeOf<(options?: main.CutOptions) => Promise<main.CutResult>>();
    expectTypeOf(main.sendScore).toEqualTypeOf<(options?: main.SendScoreOptions) => Promise<main.ScoreReply>>();
  });

  it("credentials", () => {
    expectTypeOf(main.issueDelegatedCredential).toEqualTypeOf<(clerkToken: string, options?: main.CredentialOptions & { name?: string }) => Promise<main.DelegatedCredential>>();
    expectTypeOf(main.refreshDelegatedCredential).toEqualTypeOf<(clerkToken: string, credential: string, options?: main.CredentialOptions) => Promise<main.DelegatedCredential>>();
    expectTypeOf(main.revokeDelegatedCredential).toEqualTypeOf<(clerkToken: string, credential: string, options?: Omit<main.CredentialOptions, "ttlSeconds">) => Promise<main.Revoked>>();
  });

  it("Hugging Face", () => {
    expectTypeOf(main.hfStatus).toEqualTypeOf<(options?: main.RequestOptions) => Promise<main.HfStatus>>();
    expectTypeOf(main.hfPublish).toEqualTypeOf<(datasetId: string, options?: main.HfPublishOptions) => Promise<main.HfPushStamp>>();
    expectTypeOf(main.hfPublishRun).toEqualTypeOf<(runId: string, options?: main.HfPublishOptions) => Promise<main.HfPushStamp>>();
    expectTypeOf(main.importHf).toEqualTypeOf<(repo: string, options?: main.ImportHfOptions) => Promise<main.Dataset>>();
  });

  it("moving rows: pushRows, pushFile and both pulls", () => {
    expectTypeOf(main.pushRows).toEqualTypeOf<(rows: readonly unknown[], name: string, options?: main.PushRowsOptions) => Promise<main.PushResult>>();
    expectTypeOf(node.pushFile).toEqualTypeOf<(path: string, name?: string | null, options?: node.PushFileOptions) => Promise<main.PushResult>>();
    expectTypeOf(main.pull).toEqualTypeOf<(datasetId: string, options?: main.PullOptions) => Promise<unknown[]>>();
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
    expectTypeOf<main.Dataset>().toEqualTypeOf<{
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
    expectTypeOf<main.Dataset["somethingNew"]>().toEqualTypeOf<unknown>();
    expectTypeOf<main.DatasetListing["datasets"]>().toEqualTypeOf<main.Dataset[] | undefined>();
    expectTypeOf<main.DatasetListing["storageBytes"]>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<main.Catalog["datasets"]>().toEqualTypeOf<main.Card[] | undefined>();
    expectTypeOf<main.Card["url"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<main.Preview["rows"]>().toEqualTypeOf<unknown[] | undefined>();
  });

  it("profile, agents, cuts and cut", () => {
    expectTypeOf<main.DatasetProfile["pass_rate"]>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<main.Agent["sets"]>().toEqualTypeOf<Record<string, number> | undefined>();
    expectTypeOf<main.RegisteredAgent["tools"]>().toEqualTypeOf<unknown[] | null | undefined>();
    expectTypeOf<main.CutsReport["filter"]>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<NonNullable<main.CutsReport["rl"]>["passRate"]>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<main.CutResult["train"]>().toEqualTypeOf<main.CutDataset | null>();
    expectTypeOf<main.CutResult["holdout"]>().toEqualTypeOf<main.CutDataset | null>();
    expectTypeOf<main.CutDataset["role"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<main.CutDataset["datasetId"]>().toEqualTypeOf<string | undefined>();
  });

  it("scores, credentials, Hugging Face and pushes", () => {
    expectTypeOf<main.ScoreReply["applied"]>().toEqualTypeOf<{ traceId?: string; name?: string; [key: string]: unknown }[] | undefined>();
    expectTypeOf<main.ScoreReply["unknown"]>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<main.DelegatedCredential["credential"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<main.Revoked["revoked"]>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<main.HfStatus["namespaces"]>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<main.HfPushStamp["commit"]>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<main.PushResult>().toExtend<main.Dataset>();
    expectTypeOf<main.PushResult["holdout"]>().toEqualTypeOf<main.PushResult | undefined>();
    expectTypeOf<main.PushResult["gate"]>().toEqualTypeOf<main.GateReport | undefined>();
    expectTypeOf<main.PushResult["card"]>().toEqualTypeOf<main.Card | undefined>();
  });
});
