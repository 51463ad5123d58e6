/**
 * A throwaway PostgreSQL for the tests: `initdb` into a temporary directory, `pg_ctl start` on a
 * free port of 127.0.0.1 (its socket in that directory too), ready once a connection succeeds.
 * Debian's binaries live in /usr/lib/postgresql/<version>/bin, off PATH; a missing PostgreSQL is
 * an error that says how to install one, never a silent skip.
 */
import { execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import pg from "pg";

const TOOLS = ["initdb", "pg_ctl", "postgres"] as const;

/** Where the tools are looked for: PATH, /usr/local/bin, then Debian's versioned folders, newest first. */
export function postgresBinDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  const debian = "/usr/lib/postgresql";
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => join(debian, v, "bin"))
    : [];
  return [...(env["PATH"] ?? "").split(delimiter).filter(Boolean), "/usr/local/bin", ...versions];
}

/** The first of `dirs` holding initdb, pg_ctl and postgres, or an error naming where it looked. */
export function findPostgresBin(dirs: string[] = postgresBinDirs()): string {
  const found = dirs.find((dir) => TOOLS.every((tool) => existsSync(join(dir, tool))));
  if (found) return found;
  throw new Error(
    `PostgreSQL not found: the PostgreSQL variants of the platform-server tests need initdb, pg_ctl and postgres (looked in ${dirs.join(", ")}). ` +
      "Install it (Debian: apt-get install postgresql), or run only the embedded store's tests: vitest run --project sqlite",
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** initdb refuses to run as root: as root, the cluster belongs to the `postgres` user (else `nobody`). */
function owner(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ["postgres", "nobody"]) {
    try {
      const uid = Number(execFileSync("id", ["-u", name], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8" }).trim());
      return { uid, gid };
    } catch {
      // No such user: try the next.
    }
  }
  throw new Error("running as root, and neither a postgres nor a nobody user exists to own the test PostgreSQL cluster");
}

function run(bin: string, args: string[], as: { uid: number; gid: number } | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"], ...(as ?? {}) });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve() : reject(new Error(`${bin} ${args.join(" ")} exited ${code}:\n${output}`))));
  });
}

export interface TestCluster {
  /** A superuser URL of the `postgres` database. */
  url: string;
  stop(): Promise<void>;
}

/** Retries a connection until the server takes it: pg_ctl's own wait can end before TCP is up on a loaded machine. */
async function untilConnects(url: string, deadline: number): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, Math.min(25 * 2 ** attempt, 500)));
    }
  }
}

export async function startTestCluster(): Promise<TestCluster> {
  const bin = findPostgresBin();
  const as = owner();
  const dir = mkdtempSync(join(tmpdir(), "wai-pg-"));
  if (as) chownSync(dir, as.uid, as.gid);
  const data = join(dir, "data");
  const log = join(dir, "server.log");
  await run(join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync"], as);
  const pgCtl = join(bin, "pg_ctl");
  // A throwaway cluster: durability off (fsync, full pages), room for every test's pool.
  const settings = `-c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400`;
  let url = "";
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      await run(pgCtl, ["start", "-D", data, "-l", log, "-w", "-t", "120", "-o", `-p ${port} ${settings}`], as);
      url = `postgres://postgres@127.0.0.1:${port}/postgres`;
      break;
    } catch (error) {
      // Another process may have taken the port between the probe and the start.
      if (attempt === 3) throw new Error(`${(error as Error).message}\n${existsSync(log) ? readFileSync(log, "utf8") : ""}`);
    }
  }
  await untilConnects(url, Date.now() + 60_000);
  return {
    url,
    async stop() {
      await run(pgCtl, ["stop", "-D", data, "-m", "immediate", "-w"], as).catch((error: Error) => console.error(error.message));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
