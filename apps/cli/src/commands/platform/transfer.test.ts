// `wai push` → `datasets` → `pull` → `publish` → `catalog` → `delete` and their error paths, run
// in process against a real local platform on 127.0.0.1.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLES, isolatedEnv, runWai, startLocalPlatform, scratchDir, type LocalPlatform, removeScratchDirs, type Env } from "../../testing/platform-fixture.js";

const CANONICAL = join(EXAMPLES, "support-canonical.jsonl");

let platform: LocalPlatform;
let home: string;
/** `wai` with the platform in the environment, as a user who exported the two variables. */
let env: Env;

beforeAll(async () => {
  platform = await startLocalPlatform();
  home = scratchDir("wai-home-");
  env = isolatedEnv(home, { WHILEAI_API_URL: platform.url, WHILEAI_API_KEY: platform.apiKey });
});
afterAll(async () => {
  await platform.close();
  removeScratchDirs();
});

const json = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>;

describe("wai push, datasets, pull, publish, catalog, delete", () => {
  it("round-trips a file byte for byte and publishes it to the keyless catalog", async () => {
    const pushed = await runWai(["push", CANONICAL, "--name", "support-v1", "--agent", "support-bot", "--json"], { env });
    expect(pushed.stderr).toBe("");
    expect(pushed.code).toBe(0);
    const dataset = json(pushed.stdout);
    const id = dataset["datasetId"] as string;
    expect(dataset).toMatchObject({ name: "support-v1", status: "ready", purpose: "train", agent: "support-bot", rows: 80, sizeBytes: readFileSync(CANONICAL).length });

    const listed = await runWai(["datasets", "--json"], { env });
    expect(listed.code).toBe(0);
    expect((json(listed.stdout)["datasets"] as { datasetId: string }[]).map((d) => d.datasetId)).toContain(id);
    const text = await runWai(["datasets"], { env });
    expect(text.stdout).toMatch(new RegExp(`^ID +NAME +PURPOSE +ROWS +SIZE +AGENT +CREATED\\n${id} +support-v1 +train +80 +50\\.1 kB +support-bot +`));
    expect(text.stdout).toMatch(/\n1 dataset, 50\.1 kB stored\n$/);

    const out = join(home, "pulled.jsonl");
    const pulled = await runWai(["pull", id, "-o", out], { env });
    expect(pulled.code).toBe(0);
    expect(pulled.stdout).toBe(`pulled ${id} to ${out} (50.1 kB)\n`);
    expect(readFileSync(out)).toEqual(readFileSync(CANONICAL));
    const toStdout = await runWai(["pull", id], { env });
    expect(toStdout.code).toBe(0);
    expect(toStdout.stdout).toBe(readFileSync(CANONICAL, "utf8"));
    expect(toStdout.stderr).toBe(`wai: pulled ${id} (50.1 kB)\n`);
    // A .parquet path gets Parquet; its rows read back as the pulled JSON Lines' rows (deep equal:
    // a nested object's keys come back in its column's order).
    const table = join(home, "pulled.parquet");
    expect((await runWai(["pull", id, "-o", table], { env })).code).toBe(0);
    expect(readFileSync(table).subarray(0, 4).toString("latin1")).toBe("PAR1");
    const [fromTable, fromLines] = await Promise.all([runWai(["rows", table]), runWai(["rows", out])]);
    const parsed = (text: string) => text.trim().split("\n").map((line) => JSON.parse(line) as unknown);
    expect(parsed(fromTable.stdout)).toEqual(parsed(fromLines.stdout));

    const published = await runWai(["publish", id, "--agent", "Support Bot"], { env });
    expect(published.code).toBe(0);
    expect(published.stdout).toBe(`published ${id} under support-bot: ${platform.url}/catalog/${id}\n`);

    // No key anywhere: the catalog is public, and a published dataset pulls through its grant.
    const keyless = isolatedEnv(home, { WHILEAI_API_URL: platform.url });
    const catalog = await runWai(["catalog", "--json"], { env: keyless });
    expect(catalog.code).toBe(0);
    expect(json(catalog.stdout)).toMatchObject({ datasets: [{ datasetId: id, agent: "support-bot", rows: 80 }], agents: [{ slug: "support-bot", cards: 1 }] });
    expect((await runWai(["catalog"], { env: keyless })).stdout).toMatch(/\n1 card under 1 agent\n$/);
    const publicPull = await runWai(["pull", id], { env: keyless });
    expect(publicPull.stdout).toBe(readFileSync(CANONICAL, "utf8"));

    expect((await runWai(["unpublish", id], { env })).stdout).toBe(`unpublished ${id}\n`);
    expect(json((await runWai(["catalog", "--json"], { env: keyless })).stdout)["datasets"]).toEqual([]);

    const deleted = await runWai(["delete", id, "--json"], { env });
    expect(deleted.code).toBe(0);
    expect(json(deleted.stdout)).toEqual({ deleted: true, datasetId: id });
    expect(json((await runWai(["datasets", "--json"], { env })).stdout)["datasets"]).toEqual([]);
  });

  it("preview and profile read the stored rows", async () => {
    const id = json((await runWai(["push", CANONICAL, "--json"], { env })).stdout)["datasetId"] as string;
    const profile = await runWai(["profile", id, "--json"], { env });
    expect(profile.code).toBe(0);
    expect(json(profile.stdout)).toMatchObject({ n: 80, invalid_lines: 0, tasks: expect.any(Number), tool_use: { rows_with_tools: 80 } });
    const text = await runWai(["profile", id], { env });
    expect(text.stdout).toMatch(/^n: 80\ninvalid_lines: 0\n/);
    // A long per-task list is cut in text; --json has all of it.
    expect(text.stdout).toMatch(/\n {2}… \d+ more \(--json has them all\)\n/);
    const preview = await runWai(["preview", id], { env });
    expect(preview.code).toBe(0);
    expect(preview.stdout).toMatch(/^rows \(3 shown\):\n {2}\{"id":"tkt_/);
    expect(preview.stdout).toContain("\nreport:\n  n: 80\n");
    await runWai(["delete", id], { env });
  });

  it("--purpose, --mode and --description are set on the new dataset; --api-url and --api-key replace the environment", async () => {
    const flags = ["--api-url", platform.url, "--api-key", platform.apiKey];
    const pushed = await runWai(["push", CANONICAL, "--purpose", "holdout", "--mode", "sft", "--description", "the bundled tickets", ...flags], { env: isolatedEnv(home) });
    expect(pushed.code).toBe(0);
    expect(pushed.stdout).toMatch(/^pushed ds_\w+ "support-canonical": 80 rows, 50\.1 kB, purpose holdout\n$/);
    const listed = json((await runWai(["datasets", "--json", ...flags], { env: isolatedEnv(home) })).stdout)["datasets"] as Record<string, unknown>[];
    expect(listed[0]).toMatchObject({ purpose: "holdout", mode: "sft", description: "the bundled tickets" });
    await runWai(["delete", listed[0]!["datasetId"] as string, ...flags], { env: isolatedEnv(home) });
  });

  it("--gate stamps calibration and reports the gate; a refusal is one line saying how to push anyway", async () => {
    const gated = await runWai(["push", CANONICAL, "--gate"], { env });
    expect(gated.code).toBe(0);
    expect(gated.stdout).toMatch(/\ngate: passed, not RL-shaped; 80 rows, 80 tasks, \d+ graded, 0 mixed, 0 in band\n$/);
    const id = gated.stdout.match(/pushed (ds_\w+)/)![1]!;
    const rows = (await runWai(["pull", id], { env })).stdout.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows.filter((r) => "calibration" in r).length).toBeGreaterThan(0);
    await runWai(["delete", id], { env });

    const solvedOrFailed = join(home, "no-signal.jsonl");
    const row = (prompt: string, reward: number) => JSON.stringify({ prompt, steps: [], final_text: "x", reward });
    writeFileSync(solvedOrFailed, [row("a", 1), row("a", 1), row("b", 0), row("b", 0)].join("\n") + "\n");
    const refused = await runWai(["push", solvedOrFailed, "--gate", "--mode", "rl"], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `wai: ${solvedOrFailed}: the publish gate refused it: no_mixed_groups: none of the 2 graded tasks has both a pass and a fail, so RL has nothing to learn from; add runs until some task has both, or push without --gate\n`,
    );
    // Refused before any request: nothing was created.
    expect(json((await runWai(["datasets", "--json"], { env })).stdout)["datasets"]).toEqual([]);
  });

  it("a line that is not JSON is named with its line number (gated push parses the rows)", async () => {
    const bad = join(home, "bad.jsonl");
    writeFileSync(bad, '{"prompt": "a"}\n\n{"prompt": oops}\n');
    const result = await runWai(["push", bad, "--gate"], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^wai: ${bad}:3: not JSON: .+\\n$`));
  });
});

describe("errors: one line on stderr, exit 1 (data, server) or 2 (usage)", () => {
  it("a wrong key is the server's 401 with method and URL", async () => {
    const result = await runWai(["datasets", "--api-key", "wai_wrong"], { env });
    expect(result).toMatchObject({ code: 1, stdout: "", stderr: `wai: GET ${platform.url}/datasets -> 401: invalid API key\n` });
  });

  it("no key anywhere is the client's own message", async () => {
    const result = await runWai(["datasets"], { env: isolatedEnv(home, { WHILEAI_API_URL: platform.url }) });
    expect(result.code).toBe(1);
    // The client's pinned message, with wai's own way to log in.
    expect(result.stderr).toBe("wai: No credential. Run `wai login`, or pass --api-key, or set WHILEAI_DELEGATED_CREDENTIAL / WHILEAI_API_KEY.\n");
  });

  it("the stored login (credentials file under WHILEAI_HOME) is used when nothing else is set", async () => {
    const loginHome = scratchDir("wai-login-");
    const envWithLogin = isolatedEnv(loginHome, { WHILEAI_API_URL: platform.url });
    mkdirSync(join(loginHome, ".whileai"));
    writeFileSync(join(loginHome, ".whileai", "credentials.json"), JSON.stringify({ api_key: platform.apiKey }));
    const result = await runWai(["datasets", "--json"], { env: envWithLogin });
    expect(result.code).toBe(0);
    expect(json(result.stdout)).toHaveProperty("datasets");
  });

  it("an unknown dataset is the 404 line", async () => {
    for (const command of [["pull", "ds_000000000000000000000000"], ["preview", "ds_000000000000000000000000"], ["delete", "ds_000000000000000000000000"]]) {
      const result = await runWai(command, { env });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^wai: (GET|DELETE) http:\/\/127\.0\.0\.1:\d+\/(datasets|catalog)\/ds_0{24}(\/\w+)? -> 404: dataset ds_0{24} not found\n$/);
    }
  });

  it("a server that is not there is a 'failed' line", async () => {
    const result = await runWai(["delete", "ds_000000000000000000000000", "--api-url", "http://127.0.0.1:9"], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^wai: DELETE http:\/\/127\.0\.0\.1:9\/datasets\/ds_0{24} failed: .*ECONNREFUSED.*\n$/);
  });

  it("a missing file is exit 1 naming it, before any request", async () => {
    const result = await runWai(["push", join(home, "nope.jsonl")], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^wai: cannot read .*nope\.jsonl: ENOENT/);
  });

  it("usage errors are exit 2", async () => {
    const cases: [string[], RegExp][] = [
      [["push"], /missing required argument 'file'/],
      [["push", CANONICAL, "--purpose", "later"], /argument 'later' is invalid\. Allowed choices are train, holdout, eval/],
      [["datasets", "--api-url", "ftp://example.com"], /expected an http\(s\) URL, got "ftp:\/\/example\.com"/],
      [["publish", "ds_000000000000000000000000"], /required option '--agent <slug>' not specified/],
      [["pull", "ds_000000000000000000000000", "--json"], /--json needs -o <path>/],
      [["datasets", "--bogus"], /unknown option '--bogus'/],
    ];
    for (const [args, message] of cases) {
      const result = await runWai(args, { env });
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr.trim().split("\n")[0]).toMatch(/^wai: /);
    }
  });

  it("every platform command's --help has an example", async () => {
    for (const command of [["datasets"], ["push"], ["pull"], ["publish"], ["unpublish"], ["delete"], ["preview"], ["profile"], ["catalog"], ["agents"], ["register-agent"], ["purge-agent"], ["cuts"], ["cut"], ["score"], ["hf", "status"], ["hf", "publish"], ["hf", "import"]]) {
      const help = await runWai([...command, "--help"], { env });
      expect(help.code, command.join(" ")).toBe(0);
      expect(help.stdout, command.join(" ")).toMatch(/Example:\n {2}\$ wai /);
      expect(help.stdout).toContain("--api-url <url>");
    }
  });
});
