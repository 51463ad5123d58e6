/**
 * Replays /work/shared/conformance/platform_requests.jsonl: each call, pointed at a recording server
 * through WHILEAI_API_URL, must send exactly the recorded requests and answer the recorded value or error.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agents, purgeAgent, registerAgent } from "./agents.js";
import { issueDelegatedCredential, refreshDelegatedCredential, revokeDelegatedCredential } from "./credentials.js";
import { catalog, datasets, deleteDataset, deleteEmptyDatasets, preview, profile, publish, unpublish, updateDataset } from "./datasets.js";
import { hfStatus } from "./hf-status.js";
import { hfPublish, hfPublishRun, importHf } from "./hf.js";
import { pull } from "./node/pull.js";
import { pushFile } from "./node/push-file.js";
import { pushRows } from "./push-rows.js";
import { createNodeRuntime } from "./node/runtime.js";
import { PlatformError } from "./platform-error.js";
import { fetchRuntime, setPlatformRuntime, type PlatformRuntime } from "./runtime.js";
import { startRecordingServer, type RecordingServer, type Reply } from "./testing/recording-server.js";
import { cut, cuts, sendScore } from "./traces.js";
import * as py from "@whileai/hash-embed/internal";

const pyJsonDumps = py.pyJsonDumps;

const VECTORS = new URL("../../../../shared/conformance/platform_requests.jsonl", import.meta.url);
const DEFAULT_URL = "https://api.withwhile.com";
const VECTOR_LOCAL_URL = "http://127.0.0.1:8787";

interface Vector {
  id: string;
  fn: string;
  args: unknown[];
  kwargs: Record<string, unknown>;
  env: Record<string, string>;
  replies: Reply[];
  requests: { method: string; path: string; body: unknown; auth: string; api_key?: string; token?: string; rows?: unknown[]; text?: string }[];
  out: unknown;
  files?: Record<string, string>;
  files_written?: Record<string, string>;
}

type Fn = (...args: never[]) => Promise<unknown>;

/** How a Python call maps: required positionals, optional positionals (into options), where `**kwargs` go. */
interface Spec {
  fn: Fn;
  required: number;
  optional?: string[];
  known?: string[];
  extras?: "fields" | "filters";
}

const SPECS: Record<string, Spec> = {
  agents: { fn: agents, required: 0 },
  datasets: { fn: datasets, required: 0 },
  catalog: { fn: catalog, required: 0 },
  hf_status: { fn: hfStatus, required: 0 },
  register_agent: { fn: registerAgent, required: 1 },
  update_dataset: { fn: updateDataset, required: 1 },
  preview: { fn: preview, required: 1 },
  profile: { fn: profile, required: 1 },
  publish: { fn: publish, required: 2, optional: ["description"] },
  unpublish: { fn: unpublish, required: 1 },
  delete_dataset: { fn: deleteDataset, required: 1 },
  purge_agent: { fn: purgeAgent, required: 1 },
  delete_empty_datasets: { fn: deleteEmptyDatasets, required: 0 },
  send_score: { fn: sendScore, required: 0, optional: ["trace_id", "value"], known: ["name", "scores", "api_key"], extras: "fields" },
  cuts: { fn: cuts, required: 0, optional: ["agent"], known: ["agent", "since", "api_key"], extras: "filters" },
  cut: { fn: cut, required: 0, optional: ["agent"], known: ["agent", "kind", "since", "holdout", "band", "name", "api_key"], extras: "filters" },
  issue_delegated_credential: { fn: issueDelegatedCredential, required: 1 },
  refresh_delegated_credential: { fn: refreshDelegatedCredential, required: 2 },
  revoke_delegated_credential: { fn: revokeDelegatedCredential, required: 2 },
  push_rows: { fn: pushRows, required: 2 },
  push_file: { fn: pushFile, required: 1, optional: ["name"] },
  pull: { fn: pull, required: 1, optional: ["path"] },
  hf_publish: { fn: hfPublish, required: 1 },
  hf_publish_run: { fn: hfPublishRun, required: 1 },
  import_hf: { fn: importHf, required: 1 },
};

// Optional positionals of these functions stay positional in TypeScript (pushFile's name, pull's path).
const POSITIONAL_OPTIONAL = new Set(["push_file", "pull"]);

/** Files and paths of a vector live in a scratch directory of their own. */
function scratch(v: Vector): string {
  const dir = mkdtempSync(join(tmpdir(), `whileai-${v.id}-`));
  for (const [name, text] of Object.entries(v.files ?? {})) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const ABSOLUTE = "/__absolute/";

/** Sends a request for a foreign absolute URL (presigned PUT, part download) to the recording server, which records that URL. */
function routed(runtime: PlatformRuntime, serverUrl: string): PlatformRuntime {
  return {
    ...runtime,
    send: (req) => runtime.send(req.url.startsWith(serverUrl) ? req : { ...req, url: serverUrl + ABSOLUTE + req.url }),
  };
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

function tsArgs(spec: Spec, v: Vector, dir: string): unknown[] {
  if (POSITIONAL_OPTIONAL.has(v.fn)) {
    // The first argument (push_file's path) and pull's path name files in the scratch directory.
    const options: Record<string, unknown> = {};
    for (const [k, value] of Object.entries(v.kwargs)) options[camel(k)] = value;
    const args = [...v.args];
    if (v.fn === "push_file") args[0] = join(dir, String(args[0]));
    if (v.fn === "pull" && typeof args[1] === "string") args[1] = join(dir, args[1]);
    while (args.length < 2) args.push(undefined);
    return [...args, options];
  }
  const options: Record<string, unknown> = {};
  (spec.optional ?? []).forEach((name, i) => {
    if (spec.required + i < v.args.length) options[camel(name)] = v.args[spec.required + i];
  });
  const extras: Record<string, unknown> = {};
  for (const [k, value] of Object.entries(v.kwargs)) {
    if (spec.extras && !(spec.known ?? []).includes(k)) extras[k] = value;
    else options[camel(k)] = value;
  }
  if (spec.extras && Object.keys(extras).length) options[spec.extras] = extras;
  return [...v.args.slice(0, spec.required), options];
}

const vectors: Vector[] = readFileSync(VECTORS, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as Vector);
const implemented = vectors.filter((v) => v.fn in SPECS);
const skipped = [...new Set(vectors.filter((v) => !(v.fn in SPECS)).map((v) => v.fn))].sort();

describe("platform_requests vectors", () => {
  let server: RecordingServer;
  const home = mkdtempSync(join(tmpdir(), "whileai-home-"));
  beforeAll(async () => {
    server = await startRecordingServer();
    // pull falls back to the catalog on any error whose message holds "404", the port included (Python's quirk).
    while (server.url.includes("404")) {
      await server.close();
      server = await startRecordingServer();
    }
  });
  afterAll(async () => {
    setPlatformRuntime(fetchRuntime);
    await server.close();
  });

  it("covers every function of the vector file", () => {
    expect(new Set(implemented.map((v) => v.fn))).toEqual(new Set(Object.keys(SPECS).filter((fn) => fn !== "revoke_delegated_credential")));
    expect(implemented.length).toBe(vectors.length);
    expect(skipped).toEqual([]);
  });

  it.each(implemented.map((v) => [v.id, v] as const))("%s", async (_id, v) => {
    const base = v.env["WHILEAI_API_URL"]?.replace(VECTOR_LOCAL_URL, server.url) ?? server.url;
    // An empty home keeps any real login out; the vector's env is the whole environment.
    setPlatformRuntime(routed(createNodeRuntime({ env: { ...v.env, WHILEAI_API_URL: base, WHILEAI_HOME: home }, homeDir: home }), server.url));
    server.reset(v.replies);
    const spec = SPECS[v.fn]!;
    const dir = scratch(v);
    const run = (spec.fn as (...a: unknown[]) => Promise<unknown>)(...tsArgs(spec, v, dir));
    const out = v.out as { error?: string } | null;
    if (out !== null && typeof out === "object" && typeof out.error === "string") {
      const expected = out.error.replaceAll(DEFAULT_URL, server.url).replaceAll(VECTOR_LOCAL_URL, server.url);
      const error = await run.then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      const kind = PlatformError.isInstance(error) ? "PlatformError" : "ValueError";
      expect(`${kind}: ${(error as Error).message}`).toBe(expected);
    } else if (v.fn === "pull" && typeof v.out === "string") {
      expect(await run).toBe(join(dir, v.out));
    } else {
      expect(await run).toEqual(v.out);
    }
    for (const [name, text] of Object.entries(v.files_written ?? {})) expect(readFileSync(join(dir, name), "utf8")).toBe(text);
    const recorded = server.requests.map((r) => ({ ...r, path: r.path.startsWith(ABSOLUTE) ? r.path.slice(ABSOLUTE.length) : r.path }));
    expect(recorded.map((r) => `${r.method} ${r.path}`)).toEqual(v.requests.map((r) => `${r.method} ${r.path}`));
    v.requests.forEach((want, i) => {
      const got = recorded[i]!;
      if (want.rows !== undefined) {
        // A presigned PUT: JSONL rows (and for pushFile the exact bytes), typed application/jsonl.
        expect(got.headers["content-type"]).toBe("application/jsonl");
        expect(got.body.split(/\r?\n/).filter((l) => l.trim()).map((l) => JSON.parse(l))).toEqual(want.rows);
        if (want.text !== undefined) expect(got.body).toBe(want.text);
        else expect(got.body).toBe(want.rows.map((r) => pyJsonDumps(r) + "\n").join(""));
      } else {
        expect(got.body ? JSON.parse(got.body) : null).toEqual(want.body);
      }
      expect(got.headers["user-agent"]).toMatch(/^whileai-ts\//);
      const auth = { key: got.headers["x-api-key"] ?? null, bearer: got.headers["authorization"] ?? null };
      if (want.auth === "api-key") expect(auth).toEqual({ key: want.api_key, bearer: null });
      else if (want.auth === "bearer") expect(auth).toEqual({ key: null, bearer: `Bearer ${want.token}` });
      else expect(auth).toEqual({ key: null, bearer: null });
    });
  });
});
