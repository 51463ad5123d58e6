/** `createPlatformServer`: the whileai platform on node:http, a database (SQLite, or a shared PostgreSQL) and a blob directory. */
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { BlobStore, isDatasetId } from "./blobs.js";
import { HfJobs, HfStore } from "./hf-store.js";
import { HttpError, refuseConnect, sendError } from "./http.js";
import { CredentialStore, unusable } from "./credential-store.js";
import { deleteAgent, listAgents, registerAgent } from "./routes/agents.js";
import { previewRoute, profileRoute } from "./routes/analysis.js";
import { type AuthContext, issueCredential, refreshCredential, revokeCredential } from "./routes/auth.js";
import { getBlob, putBlob } from "./routes/blobs.js";
import { catalogCard, catalogDownload, listCatalog, publishDataset, unpublishDataset } from "./routes/catalog.js";
import { cutRoute, cutsRoute } from "./routes/cuts.js";
import { datasetRow, hfMe, hfPublishDataset, runRoute, type HubConnection } from "./routes/hf.js";
import { importHfRoute, type HfImportContext } from "./routes/hf-import.js";
import { createDataset, deleteDataset, downloadGrant, finalizeDataset, listDatasets, updateMeta } from "./routes/datasets.js";
import { deleteTrace, ingestTraces, listTraces, sendScores, type TraceContext } from "./routes/traces.js";
import { openDatabase } from "./db/open.js";
import { clearCrashLeftovers } from "./recover.js";
import { serverLock } from "./server-liveness.js";
import { Store } from "./store.js";
import { TraceStore } from "./trace-store.js";
import { LiveTraces } from "./routes/live-traces.js";
import { explorerPage, type ExplorerPage } from "@whileai/otel/node";

export interface PlatformServerOptions {
  /** Directory of the blobs (`blobs/`) and, without `database`, the database (`platform.sqlite`); created if missing. */
  dataDir: string;
  /**
   * A PostgreSQL URL (`postgres://user:password@host:5432/db`): the platform's rows live there
   * instead of `platform.sqlite`, and every server given the same URL and the same blob
   * directory serves one platform. Migrations run on start.
   */
  database?: string | null;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /**
   * HMAC key of presigned URLs; keep it across restarts or earlier URLs stop working. Required
   * without `database`; with one it defaults to the key kept in the database (made by the first
   * server to start), so every server honours the URLs the others sign.
   */
  signingKey?: string;
  /** Base of the presigned URLs when clients reach the server by another address. */
  publicUrl?: string;
  /** Cap of a JSON request body (default 1 MiB). */
  maxJsonBytes?: number;
  /** Cap of one `POST /v1/traces` body, as sent (default 16 MiB; gzip may inflate to 16 times that). */
  maxTraceBytes?: number;
  /** Cap of one upload (default 5 GiB). */
  maxUploadBytes?: number;
  /** A download part ends at the first newline past this many bytes (default 64 MiB). */
  partBytes?: number;
  /** Lifetime of a presigned URL (default 3600 s). */
  urlTtlSeconds?: number;
  /** The Hugging Face Hub the hf routes push to and import from; without one they answer 501. */
  hub?: HubConnection | null;
  /** Longest lifetime of a delegated credential (default 86400 s). */
  maxCredentialTtlSeconds?: number;
  /** The clock, in milliseconds (tests move it to expire URLs). */
  now?: () => number;
  /**
   * A folder of the web explorer's built files (apps/web/dist; `wai serve --ui` passes the copy
   * the CLI's build makes): the server then serves the page at `/`, pointed at its live view
   * (`GET /traces/live`, the account's traces as they arrive, read with its API key). Without
   * it the server serves no page: the explorer is a browser bundle this package neither carries
   * nor needs. A folder without index.html fails the start, naming the path.
   */
  explorerDir?: string | null;
  /** How often a live view looks for traces other servers on the same PostgreSQL wrote, in ms (default 500; the embedded database has one server and never looks). */
  livePollMs?: number;
}

export interface PlatformServer {
  url: string;
  /** The PostgreSQL URL as messages may show it (no password), or null on the embedded database. */
  database: string | null;
  /** A new account and its API key. */
  createAccount(name: string): Promise<{ account: string; apiKey: string }>;
  /** Registers `apiKey` for the account named `name`, creating the account if needed. */
  ensureAccountKey(name: string, apiKey: string): Promise<void>;
  /**
   * A secret every server on the database shares (`dev-api-key`, say): the value the first server
   * to ask stored, else `make()`'s, stored now.
   */
  sharedSecret(name: string, make: () => string): Promise<string>;
  close(): Promise<void>;
}

const DEFAULTS = { maxJsonBytes: 1 << 20, maxTraceBytes: 16 << 20, maxUploadBytes: 5 * 1024 ** 3, partBytes: 64 << 20, urlTtlSeconds: 3600, maxCredentialTtlSeconds: 86400 };

function segments(pathname: string): string[] {
  try {
    return pathname.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    throw new HttpError(400, "malformed path");
  }
}

function datasetId(id: string): string {
  // Not one of our ids (including "..", slashes, NUL): nothing by that name exists.
  if (!isDatasetId(id)) throw new HttpError(404, `dataset ${JSON.stringify(id)} not found`);
  return id;
}

function methodNotAllowed(): never {
  throw new HttpError(405, "method not allowed");
}

export async function createPlatformServer(options: PlatformServerOptions): Promise<PlatformServer> {
  if (!options.signingKey && !options.database) throw new Error("signingKey is required (or a database, which keeps one)");
  // Checked before the database opens: a missing build fails the start with nothing to undo.
  const ui: ExplorerPage | null = options.explorerDir ? explorerPage(options.explorerDir, { live: "traces/live", auth: "api-key" }) : null;
  mkdirSync(options.dataDir, { recursive: true });
  const db = await openDatabase(options.dataDir, options.database);
  const store = new Store(db);
  const now = options.now ?? Date.now;
  const maxUploadBytes = options.maxUploadBytes ?? DEFAULTS.maxUploadBytes;
  let baseUrl = "";
  // This server's name while it runs: its hf jobs carry it, and the lock held on it tells other servers they are alive.
  const instance = randomBytes(8).toString("hex");
  const hf = new HfStore(db, instance);
  let releaseInstance = async () => {};
  // A server that does not start (the port taken, the database refusing) leaves no connection open behind it.
  const giveUp = async (error: unknown): Promise<never> => {
    await releaseInstance();
    await store.close();
    throw error;
  };
  const signingKey = options.signingKey || (await store.sharedSetting("signing-key", () => randomBytes(32).toString("base64url")).catch(giveUp));
  releaseInstance = await db.holdLock(serverLock(instance)).catch(giveUp);
  await hf.failInterrupted(new Date(now()).toISOString()).catch(giveUp);
  const jobs = new HfJobs();
  const traces = new TraceStore(db);
  const live = new LiveTraces(store, traces, { pollMs: db.kind === "postgres" ? (options.livePollMs ?? 500) : null });
  const ctx: TraceContext & AuthContext & HfImportContext = {
    store,
    hub: options.hub ? { endpoint: options.hub.endpoint.replace(/\/+$/, ""), token: options.hub.token } : null,
    hf,
    jobs,
    maxImportBytes: maxUploadBytes,
    credentials: new CredentialStore(db),
    maxCredentialTtlSeconds: options.maxCredentialTtlSeconds ?? DEFAULTS.maxCredentialTtlSeconds,
    traces,
    maxTraceBytes: options.maxTraceBytes ?? DEFAULTS.maxTraceBytes,
    blobs: new BlobStore(options.dataDir, instance),
    signingKey,
    baseUrl: () => baseUrl,
    nowSeconds: () => Math.floor(now() / 1000),
    maxJsonBytes: options.maxJsonBytes ?? DEFAULTS.maxJsonBytes,
    urlTtlSeconds: options.urlTtlSeconds ?? DEFAULTS.urlTtlSeconds,
    partBytes: options.partBytes ?? DEFAULTS.partBytes,
  };
  const recovered = await clearCrashLeftovers(store, ctx.blobs, new Date(now() - ctx.urlTtlSeconds * 1000)).catch(giveUp);
  if (recovered.partials || recovered.abandoned) {
    const mb = (recovered.partialBytes / 1e6).toFixed(1);
    console.warn(`whileai platform: removed ${recovered.partials} partial upload(s) (${mb} MB) and ${recovered.abandoned} pending dataset(s) whose upload URL expired, left by an earlier run`);
  }

  async function authenticate(req: IncomingMessage): Promise<string> {
    const key = req.headers["x-api-key"];
    if (typeof key !== "string" || !key) throw new HttpError(401, "missing X-Api-Key");
    const account = await store.accountForKey(key);
    if (account) return account;
    // A delegated credential stands in for its account's key until it expires or is revoked.
    const delegated = await ctx.credentials.find(key);
    if (!delegated) throw new HttpError(401, "invalid API key");
    const why = unusable(delegated, ctx.nowSeconds());
    if (why) throw new HttpError(401, why);
    return delegated.account;
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://local");
    const parts = segments(url.pathname);
    const method = req.method ?? "GET";
    const [head, id, action] = parts;
    // The explorer's page and files, by their exact names (none is a route's name).
    if (ui?.answer(req, res)) return;
    if (head === "blobs" && parts.length === 2) {
      const blob = datasetId(id!);
      if (method === "PUT") return putBlob(ctx, blob, url.searchParams, req, res, maxUploadBytes);
      if (method === "GET") return getBlob(ctx, blob, url.searchParams, res);
      return methodNotAllowed();
    }
    const noRoute = () => new HttpError(404, `no route for ${method} ${url.pathname}`);
    if (head === "auth" && parts.length === 2) {
      if (method !== "POST") return methodNotAllowed();
      if (id === "issue-credential") return issueCredential(ctx, req, res);
      if (id === "refresh-credential") return refreshCredential(ctx, req, res);
      if (id === "revoke-credential") return revokeCredential(ctx, req, res);
      throw noRoute();
    }
    // The public catalog: no key, published datasets only.
    if (head === "catalog" && parts.length <= 3) {
      if (method !== "GET") return methodNotAllowed();
      if (parts.length === 1) return listCatalog(ctx, res);
      const ds = datasetId(id!);
      if (parts.length === 2) return catalogCard(ctx, ds, res);
      if (action === "download") return catalogDownload(ctx, ds, res);
      throw noRoute();
    }
    if (head === "hf" && id === "me" && parts.length === 2) {
      await authenticate(req);
      return method === "GET" ? hfMe(ctx, res) : methodNotAllowed();
    }
    if (head === "runs" && (parts.length === 2 || (parts.length === 3 && action === "hf-publish"))) {
      await authenticate(req);
      if (method !== (parts.length === 2 ? "GET" : "POST")) return methodNotAllowed();
      return runRoute(ctx, id!, parts.length === 3);
    }
    if (head === "datasets" && id === "import-hf" && parts.length === 2) {
      const account = await authenticate(req);
      return method === "POST" ? importHfRoute(ctx, account, req, res) : methodNotAllowed();
    }
    if (head === "agents" && parts.length <= 2) {
      const account = await authenticate(req);
      if (parts.length === 2) return method === "DELETE" ? deleteAgent(ctx, account, id!, res) : methodNotAllowed();
      if (method === "GET") return listAgents(ctx, account, res);
      if (method === "POST") return registerAgent(ctx, account, req, res);
      return methodNotAllowed();
    }
    if (head === "v1" && parts.length === 2) {
      const account = await authenticate(req);
      if (method !== "POST") return methodNotAllowed();
      if (id === "traces") return ingestTraces(ctx, account, url, req, res);
      if (id === "scores") return sendScores(ctx, account, req, res);
      throw noRoute();
    }
    if (head === "traces" && parts.length <= 2) {
      const account = await authenticate(req);
      if (parts.length === 1) return method === "GET" ? listTraces(ctx, account, url.searchParams, res) : methodNotAllowed();
      if (id === "cuts" && method === "GET") return cutsRoute(ctx, account, url.searchParams, res);
      if (id === "live" && method === "GET") return live.answer(account, req, res);
      return method === "DELETE" ? deleteTrace(ctx, account, id!, res) : methodNotAllowed();
    }
    if (head === "datasets" && id === "cut" && parts.length === 2) {
      const account = await authenticate(req);
      return method === "POST" ? cutRoute(ctx, account, req, res) : methodNotAllowed();
    }
    if (head !== "datasets" || parts.length > 3) throw noRoute();
    const account = await authenticate(req);
    if (parts.length === 1) {
      if (method === "GET") return listDatasets(ctx, account, res);
      if (method === "POST") return createDataset(ctx, account, req, res);
      return methodNotAllowed();
    }
    const ds = datasetId(id!);
    if (parts.length === 2) {
      if (method === "GET") return datasetRow(ctx, account, ds, res);
      return method === "DELETE" ? deleteDataset(ctx, account, ds, res) : methodNotAllowed();
    }
    if (action === "finalize") return method === "POST" ? finalizeDataset(ctx, account, ds, res) : methodNotAllowed();
    if (action === "meta") return method === "POST" ? updateMeta(ctx, account, ds, req, res) : methodNotAllowed();
    if (action === "download") return method === "GET" ? downloadGrant(ctx, account, ds, res) : methodNotAllowed();
    if (action === "hf-publish") return method === "POST" ? hfPublishDataset(ctx, account, ds, req, res) : methodNotAllowed();
    if (action === "publish") return method === "POST" ? publishDataset(ctx, account, ds, req, res) : methodNotAllowed();
    if (action === "unpublish") return method === "POST" ? unpublishDataset(ctx, account, ds, res) : methodNotAllowed();
    if (action === "preview") return method === "GET" ? previewRoute(ctx, account, ds, res) : methodNotAllowed();
    if (action === "profile") return method === "GET" ? profileRoute(ctx, account, ds, url.searchParams, res) : methodNotAllowed();
    throw noRoute();
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) return sendError(req, res, error.status, error.message);
      // A client that hung up mid-transfer needs no reply (its connection is gone). Not
      // `req.destroyed`: Node sets it once the body has been read, which left our bugs unanswered.
      if (res.destroyed || req.socket.destroyed) return;
      // Anything else is our bug: logged, and answered 500.
      console.error(`${req.method ?? "?"} ${req.url ?? "?"} failed:`, error);
      sendError(req, res, 500, "internal error");
    });
  });
  // Node closes a CONNECT's socket unanswered when nobody listens for it: this server proxies nothing.
  server.on("connect", (_req: IncomingMessage, socket: Duplex) => refuseConnect(socket));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  }).catch(giveUp);
  const address = server.address() as AddressInfo;
  const host = address.address === "0.0.0.0" || address.address === "::" ? "127.0.0.1" : address.address;
  const shown = host.includes(":") ? `[${host}]` : host;
  const url = `http://${shown}:${address.port}`;
  baseUrl = (options.publicUrl ?? url).replace(/\/+$/, "");

  return {
    url,
    database: db.kind === "postgres" ? db.where : null,
    createAccount: (name) => store.createAccount(name),
    ensureAccountKey: async (name, apiKey) => void (await store.ensureAccountKey(name, apiKey)),
    sharedSecret: (name, make) => store.sharedSetting(name, make),
    close: async () => {
      // Running pushes and imports end first: they write to the database closed below; open live streams end too.
      live.close();
      await jobs.stop();
      return new Promise<void>((resolve, reject) => {
        server.close((error) => {
          releaseInstance()
            .then(() => store.close())
            .then(() => (error ? reject(error) : resolve()), reject);
        });
        server.closeAllConnections();
      });
    },
  };
}

export { PlatformDatabaseError } from "./db/database-error.js";
export { migrateFromEmbedded, type MigrationReport } from "./migrate-from.js";
