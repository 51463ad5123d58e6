// `wai serve --database` as child processes: two servers on one PostgreSQL and one blob folder are
// one platform, and --migrate-from moves an embedded platform's data into it first.
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { freshSchemaUrl } from "../../../platform-server/src/testing/test-store.js";
import { EXAMPLES, isolatedEnv, runWai, scratchDir, startWai, removeScratchDirs, type Env, type WaiProcess } from "../testing/platform-fixture.js";

afterAll(removeScratchDirs);

const running: WaiProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop("SIGKILL")));
});

interface Started {
  url: string;
  apiKey: string;
  dataDir: string;
  database: string | null;
}

async function serve(args: string[], env: Env): Promise<{ p: WaiProcess; started: Started }> {
  const p = startWai(["serve", "--port", "0", "--json", ...args], { env });
  running.push(p);
  await p.waitFor(/\}\n/);
  return { p, started: JSON.parse(p.stdout()) as Started };
}

const listed = async (url: string, key: string, env: Env) => JSON.parse((await runWai(["datasets", "--json", "--api-url", url, "--api-key", key], { env })).stdout) as { datasets: { datasetId: string; name: string }[] };

describe("wai serve --database", () => {
  it("two servers on one PostgreSQL share the dev key and the datasets; the password is never printed", async () => {
    const home = scratchDir("wai-team-");
    const env = isolatedEnv(home);
    const url = new URL(await freshSchemaUrl());
    url.password = "unused-secret";
    const database = url.toString();
    const blobs = join(home, "blobs");
    const [a, b] = await Promise.all([serve(["--database", database, "--data-dir", blobs], env), serve(["--data-dir", blobs], { ...env, WHILEAI_DATABASE_URL: database })]);
    expect(a.started.apiKey).toMatch(/^wai_dev_/);
    expect(b.started.apiKey).toBe(a.started.apiKey);
    expect(a.started.database).toBe(database.replace("unused-secret", "***"));
    const pushed = await runWai(["push", join(EXAMPLES, "support-canonical.jsonl"), "--name", "team", "--json", "--api-url", a.started.url, "--api-key", a.started.apiKey], { env });
    expect(pushed.code).toBe(0);
    expect((await listed(b.started.url, b.started.apiKey, env)).datasets.map((d) => d.name)).toEqual(["team"]);
    for (const { p } of [a, b]) {
      expect(await p.stop("SIGTERM")).toEqual({ code: 0, signal: null });
      expect(p.stdout() + p.stderr()).not.toContain("unused-secret");
    }
  });

  it("--migrate-from copies an embedded platform, then serves it: same datasets, same dev key; a second copy is refused", async () => {
    const home = scratchDir("wai-migrate-");
    const env = isolatedEnv(home);
    const embeddedDir = join(home, "embedded");
    const embedded = await serve(["--data-dir", embeddedDir], env);
    await runWai(["push", join(EXAMPLES, "support-canonical.jsonl"), "--name", "moved", "--api-url", embedded.started.url, "--api-key", embedded.started.apiKey], { env });
    const before = await listed(embedded.started.url, embedded.started.apiKey, env);
    expect(await embedded.p.stop("SIGTERM")).toEqual({ code: 0, signal: null });

    const database = await freshSchemaUrl();
    const blobs = join(home, "blobs");
    const team = await serve(["--database", database, "--data-dir", blobs, "--migrate-from", embeddedDir], env);
    expect(team.p.stderr()).toMatch(/^wai: copied .+embedded: rows of accounts 1, api_keys 1, datasets 1; 1 blob files; signing-key and dev-api-key\n/);
    expect(team.started.apiKey).toBe(embedded.started.apiKey);
    expect(await listed(team.started.url, team.started.apiKey, env)).toEqual(before);
    expect(await team.p.stop("SIGTERM")).toEqual({ code: 0, signal: null });

    const again = await runWai(["serve", "--port", "0", "--database", database, "--data-dir", blobs, "--migrate-from", embeddedDir], { env });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^wai: postgres:\/\/.+: already holds platform data \(accounts\): migrate into an empty database, before any server starts on it\n$/);
    const without = await runWai(["serve", "--migrate-from", embeddedDir], { env });
    expect([without.code, without.stderr]).toEqual([1, "wai: --migrate-from copies into PostgreSQL: pass --database postgres://… (or set WHILEAI_DATABASE_URL)\n"]);
    const bad = await runWai(["serve", "--database", "mysql://x"], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^wai: option '--database <url>' argument 'mysql:\/\/x' is invalid\. expected a PostgreSQL URL/);
  });
});
