/**
 * A local stand-in for the Hugging Face Hub, on node:http at 127.0.0.1, so tests of `hubPush`
 * and the platform's hf routes never reach the internet. It serves the part of the Hub's HTTP
 * API that `@huggingface/hub`'s `whoAmI`, `createRepo`, `uploadFile(s)`/`commit` (regular and
 * LFS "basic" uploads), `listFiles` and `downloadFile` call, for dataset repos, on the `main`
 * branch, in memory. It refuses what the Hub refuses where the library relies on it: an unknown
 * token → 401, a read token or a foreign namespace writing → 403, a private repo hidden from
 * others, an existing repo → 409, an LFS pointer to bytes never uploaded or with the wrong
 * sha256 → 4xx.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface HubUser {
  /** The user's namespace. */
  name: string;
  /** Organisations the user may write to. */
  orgs?: string[];
  /** A read token may read everything the user sees and write nothing. */
  role?: "read" | "write";
}

export interface HubServerOptions {
  /** Access tokens (they must start with `hf_`, as the library checks) and whose they are. */
  tokens: Record<string, HubUser>;
  /** Files of at least this many bytes must go through LFS (the Hub's own threshold is 10 MB). */
  lfsThresholdBytes?: number;
}

interface StoredFile {
  bytes: Uint8Array;
  /** The git blob id, as the Hub reports it. */
  oid: string;
  lfs: { oid: string; size: number } | null;
}

interface Commit {
  oid: string;
  title: string;
  files: Map<string, StoredFile>;
}

export interface HubRepo {
  name: string;
  private: boolean;
  /** Newest last; the first is the repo's initial commit. */
  commits: Commit[];
}

export interface HubServer {
  url: string;
  /** The stored dataset repos by `namespace/name`, for assertions. */
  repos: ReadonlyMap<string, HubRepo>;
  /** Requests received, as `METHOD path`, for assertions on which routes were used. */
  requests: string[];
  /** Commits wait until the returned release is called (tests of work in flight). */
  holdCommits(): () => void;
  close(): Promise<void>;
}

class HubError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const sha1 = (data: Uint8Array | string) => createHash("sha1").update(data).digest("hex");
const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");
const REPO_PART = /^[A-Za-z0-9][A-Za-z0-9._-]{0,95}$/;

function gitBlobOid(bytes: Uint8Array): string {
  return sha1(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]));
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function json(req: IncomingMessage): Promise<Record<string, unknown>> {
  try {
    const value = JSON.parse((await body(req)).toString("utf8")) as unknown;
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Reported below, as the Hub does for any unreadable body.
  }
  throw new HubError(400, "Invalid JSON body");
}

function send(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

export async function startHubServer(options: HubServerOptions): Promise<HubServer> {
  const lfsThreshold = options.lfsThresholdBytes ?? 10 * 1024 * 1024;
  const repos = new Map<string, HubRepo>();
  // LFS objects by sha256, shared across repos as on the Hub; `pendingUploads` maps a one-time upload id to the object it may carry.
  const lfsObjects = new Map<string, Uint8Array>();
  const pendingUploads = new Map<string, { oid: string; size: number }>();
  const requests: string[] = [];
  let held: Promise<void> | null = null;
  let base = "";

  /** The caller: null when anonymous; an unknown token → 401 on every route, as on the Hub. */
  function caller(req: IncomingMessage): HubUser | null {
    const header = req.headers.authorization;
    if (!header) return null;
    const token = /^Bearer\s+(\S+)$/.exec(header)?.[1];
    const user = token === undefined ? undefined : options.tokens[token];
    if (!user) throw new HubError(401, "Invalid credentials in Authorization header");
    return user;
  }

  const mayWrite = (user: HubUser, namespace: string) => user.name === namespace || (user.orgs ?? []).includes(namespace);

  function readable(user: HubUser | null, name: string): HubRepo {
    const repo = repos.get(name);
    if (repo && (!repo.private || (user && mayWrite(user, name.split("/")[0]!)))) return repo;
    // A private repo looks missing to others: 401 when anonymous, 404 when signed in.
    throw new HubError(user ? 404 : 401, "Repository not found", "RepoNotFound");
  }

  function writable(user: HubUser | null, name: string): HubRepo {
    if (!user) throw new HubError(401, "You must be authenticated to write to a repository");
    const repo = readable(user, name);
    if (!mayWrite(user, name.split("/")[0]!)) throw new HubError(403, `You don't have the rights to write to ${name}`);
    if (user.role === "read") throw new HubError(403, "This token has read access only");
    return repo;
  }

  /** The files at `revision`: `main` or a commit id. */
  function snapshot(repo: HubRepo, revision: string): Commit {
    const commit = revision === "main" ? repo.commits.at(-1) : repo.commits.find((c) => c.oid === revision);
    if (!commit) throw new HubError(404, `Invalid rev id: ${revision}`, "RevisionNotFound");
    return commit;
  }

  function commitFiles(repo: HubRepo, title: string, changes: Map<string, StoredFile | null>): Commit {
    const files = new Map(repo.commits.at(-1)?.files ?? []);
    for (const [path, file] of changes) {
      if (file) files.set(path, file);
      else if (!files.delete(path)) throw new HubError(404, `File ${path} does not exist`, "EntryNotFound");
    }
    const commit = { oid: sha1(`${repo.name}\0${repo.commits.length}\0${title}\0${randomBytes(8).toString("hex")}`), title, files };
    repo.commits.push(commit);
    return commit;
  }

  function regularFile(bytes: Uint8Array): StoredFile {
    return { bytes, oid: gitBlobOid(bytes), lfs: null };
  }

  async function createRepo(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const user = caller(req);
    if (!user) throw new HubError(401, "You must be authenticated to create a repository");
    const b = await json(req);
    if (b["type"] !== "dataset") throw new HubError(400, `this test hub serves dataset repos only, got type ${JSON.stringify(b["type"])}`);
    const namespace = typeof b["organization"] === "string" ? b["organization"] : user.name;
    const name = b["name"];
    if (typeof name !== "string" || !REPO_PART.test(name)) throw new HubError(400, `Invalid repo name: ${JSON.stringify(name)}`);
    if (!mayWrite(user, namespace) || user.role === "read") throw new HubError(403, `You don't have the rights to create a dataset under the namespace "${namespace}"`);
    const full = `${namespace}/${name}`;
    const url = `${base}/datasets/${full}`;
    if (repos.has(full)) throw Object.assign(new HubError(409, "You already created this dataset repo"), { url });
    const repo: HubRepo = { name: full, private: b["visibility"] === "private" || b["private"] === true, commits: [] };
    const initial = new Map<string, StoredFile | null>([[".gitattributes", regularFile(Buffer.from("*.parquet filter=lfs diff=lfs merge=lfs -text\n"))]]);
    for (const file of Array.isArray(b["files"]) ? (b["files"] as { path: string; content: string }[]) : []) {
      initial.set(file.path, regularFile(Buffer.from(file.content, "base64")));
    }
    repos.set(full, repo);
    commitFiles(repo, "initial commit", initial);
    send(res, 200, { url, name: full, id: randomBytes(12).toString("hex") });
  }

  async function preupload(req: IncomingMessage, res: ServerResponse, name: string, revision: string): Promise<void> {
    snapshot(writable(caller(req), name), revision);
    const files = (await json(req))["files"];
    if (!Array.isArray(files)) throw new HubError(400, "files: expected an array");
    const modes = (files as { path: string; size: number; sample: string }[]).map((f) => {
      const binary = Buffer.from(f.sample ?? "", "base64").includes(0);
      return { path: f.path, uploadMode: f.size >= lfsThreshold || binary ? "lfs" : "regular", shouldIgnore: false };
    });
    send(res, 200, { files: modes });
  }

  async function lfsBatch(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
    writable(caller(req), name);
    const b = await json(req);
    if (b["operation"] !== "upload") throw new HubError(400, "this test hub takes LFS uploads only");
    const objects = (b["objects"] as { oid: string; size: number }[]).map(({ oid, size }) => {
      if (!/^[0-9a-f]{64}$/.test(oid)) return { oid, size, error: { code: 422, message: "oid must be a sha256" } };
      // Bytes the Hub already holds need no upload: the library skips an object without actions.
      if (lfsObjects.has(oid)) return { oid, size, authenticated: true };
      const upload = randomBytes(12).toString("hex");
      pendingUploads.set(upload, { oid, size });
      return { oid, size, authenticated: true, actions: { upload: { href: `${base}/__lfs-upload/${upload}`, header: {} } } };
    });
    send(res, 200, { transfer: "basic", objects, hash_algo: "sha256" }, { "Content-Type": "application/vnd.git-lfs+json" });
  }

  /** The presigned PUT of an LFS object: the URL is the credential; the bytes must match the announced sha256 and size. */
  async function lfsUpload(req: IncomingMessage, res: ServerResponse, upload: string): Promise<void> {
    const expected = pendingUploads.get(upload);
    if (!expected) throw new HubError(403, "unknown or used upload URL");
    const bytes = await body(req);
    if (bytes.length !== expected.size || sha256(bytes) !== expected.oid) throw new HubError(400, "uploaded bytes do not match the announced sha256 and size");
    pendingUploads.delete(upload);
    lfsObjects.set(expected.oid, bytes);
    res.writeHead(200, { ETag: `"${expected.oid}"` }).end();
  }

  async function commit(req: IncomingMessage, res: ServerResponse, name: string, revision: string): Promise<void> {
    const repo = writable(caller(req), name);
    if (held) await held;
    if (revision !== "main") throw new HubError(404, `Invalid rev id: ${revision}`, "RevisionNotFound");
    if (!String(req.headers["content-type"]).startsWith("application/x-ndjson")) throw new HubError(400, "expected an application/x-ndjson body");
    const lines = (await body(req)).toString("utf8").split("\n").filter((l) => l.trim());
    let title: unknown;
    const changes = new Map<string, StoredFile | null>();
    for (const [i, line] of lines.entries()) {
      let op: { key?: string; value?: Record<string, unknown> };
      try {
        op = JSON.parse(line) as typeof op;
      } catch {
        throw new HubError(400, `commit line ${i + 1} is not JSON`);
      }
      const v = op.value ?? {};
      const path = String(v["path"] ?? "");
      if (op.key === "header") title = v["summary"];
      else if (!path || path.startsWith("/") || path.split("/").includes("..")) throw new HubError(400, `commit line ${i + 1}: invalid path ${JSON.stringify(path)}`);
      else if (op.key === "file") changes.set(path, regularFile(Buffer.from(String(v["content"] ?? ""), v["encoding"] === "base64" ? "base64" : "utf8")));
      else if (op.key === "lfsFile") {
        const bytes = lfsObjects.get(String(v["oid"]));
        if (!bytes || bytes.length !== v["size"]) throw new HubError(422, `LFS pointer of ${path} refers to bytes that were never uploaded`);
        changes.set(path, { bytes, oid: gitBlobOid(Buffer.from(`version https://git-lfs.github.com/spec/v1\noid sha256:${String(v["oid"])}\nsize ${bytes.length}\n`)), lfs: { oid: String(v["oid"]), size: bytes.length } });
      } else if (op.key === "deletedFile") changes.set(path, null);
      else throw new HubError(400, `commit line ${i + 1}: unknown key ${JSON.stringify(op.key)}`);
    }
    if (typeof title !== "string" || !title) throw new HubError(400, "the commit needs a summary");
    // A file that should have gone through LFS is refused, as the Hub refuses large regular files.
    for (const [path, file] of changes) {
      if (file && !file.lfs && file.bytes.length >= lfsThreshold) throw new HubError(400, `${path} is ${file.bytes.length} bytes: upload it through LFS`);
    }
    const made = commitFiles(repo, title, changes);
    send(res, 200, { success: true, commitOid: made.oid, commitUrl: `${base}/datasets/${name}/commit/${made.oid}` });
  }

  function tree(req: IncomingMessage, res: ServerResponse, name: string, revision: string, dir: string, query: URLSearchParams): void {
    const files = snapshot(readable(caller(req), name), revision).files;
    const prefix = dir ? `${dir}/` : "";
    const recursive = query.get("recursive") === "true";
    const entries = new Map<string, Record<string, unknown>>();
    for (const [path, file] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length).split("/");
      for (let depth = 1; depth < rest.length && (recursive || depth === 1); depth++) {
        const sub = prefix + rest.slice(0, depth).join("/");
        if (!entries.has(sub)) entries.set(sub, { type: "directory", oid: sha1(sub), size: 0, path: sub });
      }
      if (!recursive && rest.length > 1) continue;
      entries.set(path, { type: "file", oid: file.oid, size: file.bytes.length, path, ...(file.lfs && { lfs: { ...file.lfs, pointerSize: 134 } }) });
    }
    if (dir && entries.size === 0) throw new HubError(404, `${dir} does not exist on "${revision}"`, "EntryNotFound");
    send(res, 200, [...entries.values()]);
  }

  /** `resolve`: the bytes, honouring a single `Range` (the library probes with `bytes=0-0` for the size). */
  function resolve(req: IncomingMessage, res: ServerResponse, name: string, revision: string, path: string): void {
    const file = snapshot(readable(caller(req), name), revision).files.get(path);
    if (!file) throw new HubError(404, `Entry not found: ${path}`, "EntryNotFound");
    const size = file.bytes.length;
    const headers: Record<string, string> = { ETag: `"${file.oid}"`, "Accept-Ranges": "bytes", "Content-Type": "application/octet-stream" };
    if (file.lfs) headers["X-Linked-ETag"] = `"${file.lfs.oid}"`;
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? "");
    if (!range) {
      res.writeHead(200, { ...headers, "Content-Length": String(size) }).end(file.bytes);
      return;
    }
    const start = Number(range[1]);
    const end = Math.min(range[2] ? Number(range[2]) : size - 1, size - 1);
    if (size === 0) {
      res.writeHead(206, { ...headers, "Content-Range": "bytes */0", "Content-Length": "0" }).end();
      return;
    }
    if (start > end) {
      res.writeHead(416, { "Content-Range": `bytes */${size}` }).end();
      return;
    }
    const part = file.bytes.subarray(start, end + 1);
    res.writeHead(206, { ...headers, "Content-Range": `bytes ${start}-${end}/${size}`, "Content-Length": String(part.length) }).end(part);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://hub");
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    const method = req.method ?? "GET";
    requests.push(`${method} ${url.pathname}`);
    const repoAt = (i: number) => `${parts[i]}/${parts[i + 1]}`;
    if (method === "GET" && url.pathname === "/api/whoami-v2") {
      const user = caller(req);
      if (!user) throw new HubError(401, "You must be authenticated to call whoami");
      const orgs = (user.orgs ?? []).map((o) => ({ type: "org", name: o, fullname: o, id: sha1(o).slice(0, 24) }));
      const auth = { type: "access_token", accessToken: { displayName: "test", role: user.role ?? "write", createdAt: new Date(0).toISOString() } };
      return send(res, 200, { type: "user", id: sha1(user.name).slice(0, 24), name: user.name, fullname: user.name, orgs, auth });
    }
    if (method === "POST" && url.pathname === "/api/repos/create") return createRepo(req, res);
    if (method === "PUT" && parts[0] === "__lfs-upload" && parts.length === 2) return lfsUpload(req, res, parts[1]!);
    if (parts[0] === "api" && parts[1] === "datasets" && parts.length >= 6) {
      const [, , , , action, revision] = parts;
      if (method === "POST" && action === "preupload") return preupload(req, res, repoAt(2), revision!);
      if (method === "POST" && action === "commit") return commit(req, res, repoAt(2), revision!);
      if (method === "GET" && action === "tree") return tree(req, res, repoAt(2), revision!, parts.slice(6).join("/"), url.searchParams);
    }
    if (method === "POST" && parts[0] === "datasets" && parts[2]?.endsWith(".git") && parts.slice(3).join("/") === "info/lfs/objects/batch") {
      return lfsBatch(req, res, `${parts[1]}/${parts[2].slice(0, -4)}`);
    }
    if (method === "GET" && parts[0] === "datasets" && parts[3] === "resolve" && parts.length >= 6) {
      return resolve(req, res, repoAt(1), parts[4]!, parts.slice(5).join("/"));
    }
    throw new HubError(404, `the test hub has no route for ${method} ${url.pathname}`);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (!(error instanceof HubError)) {
        console.error(error);
        return send(res, 500, { error: "internal error" });
      }
      const extra = (error as HubError & { url?: string }).url;
      send(res, error.status, { error: error.message, ...(extra && { url: extra }) }, error.code ? { "X-Error-Code": error.code } : {});
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    repos,
    requests,
    holdCommits() {
      let release!: () => void;
      held = new Promise<void>((ok) => (release = ok));
      return () => {
        held = null;
        release();
      };
    },
    close: () =>
      new Promise<void>((ok, fail) => {
        server.close((error) => (error ? fail(error) : ok()));
        server.closeAllConnections();
      }),
  };
}
