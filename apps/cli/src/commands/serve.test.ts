// `wai serve` as a child process: its printed URL and dev key work with the real client, the key
// and the data survive a restart, and SIGTERM closes it with exit 0.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { createNodeRuntime, datasets, pushFile, setPlatformRuntime } from "@whileai/platform/node";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { EXAMPLES, isolatedEnv, runWai, startWai, scratchDir, type WaiProcess, removeScratchDirs, type Env } from "../testing/platform-fixture.js";

afterAll(removeScratchDirs);

const running: WaiProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop("SIGKILL")));
});

function serve(args: string[], env: Env): WaiProcess {
  const p = startWai(["serve", ...args], { env });
  running.push(p);
  return p;
}

describe("wai serve", () => {
  it("prints the URL, the dev key and the env lines; the key works; SIGTERM exits 0; a restart keeps key and data", async () => {
    const home = scratchDir("wai-serve-");
    const dataDir = join(home, "platform-data");
    const env = isolatedEnv(home);
    const first = serve(["--port", "0", "--data-dir", dataDir], env);
    const [, url, key] = await first.waitFor(/on (http:\/\/127\.0\.0\.1:\d+) \(data in .+\)\ndev API key: (wai_dev_\S+)\n/);
    expect(first.stdout()).toBe(
      `whileai local platform on ${url} (data in ${dataDir})\ndev API key: ${key}\nuse it from another shell:\n  export WHILEAI_API_URL=${url}\n  export WHILEAI_API_KEY=${key}\n`,
    );
    // The secrets are files only the owner can read.
    expect(readFileSync(join(dataDir, "dev-api-key"), "utf8").trim()).toBe(key);
    expect(statSync(join(dataDir, "signing-key")).mode & 0o077).toBe(0);

    setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: url } }));
    const pushed = await pushFile(join(EXAMPLES, "support-canonical.jsonl"), "kept", { apiKey: key!, gate: false });
    expect(await datasets({ apiKey: key! })).toMatchObject({ datasets: [{ datasetId: pushed["datasetId"], name: "kept" }] });

    expect(await first.stop("SIGTERM")).toEqual({ code: 0, signal: null });
    expect(first.stderr()).toBe("wai: Hugging Face routes are off (501): set WHILEAI_HF_TOKEN (and WHILEAI_HF_ENDPOINT) to turn them on\nwai: Ctrl-C stops it\nwai: local platform stopped\n");

    const second = serve(["--port", "0", "--data-dir", dataDir, "--json"], env);
    await second.waitFor(/\}\n/);
    const started = JSON.parse(second.stdout()) as { url: string; apiKey: string; dataDir: string };
    expect(started).toEqual({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), apiKey: key, dataDir, database: null, hfEndpoint: null, explorer: null });
    const listed = await runWai(["datasets", "--json", "--api-url", started.url, "--api-key", started.apiKey], { env });
    expect(JSON.parse(listed.stdout)).toMatchObject({ datasets: [{ datasetId: pushed["datasetId"], rows: 80 }] });
    expect(await second.stop("SIGINT")).toEqual({ code: 0, signal: null });
  });

  it("WHILEAI_SERVER_DATA is the default data directory", async () => {
    const home = scratchDir("wai-serve-");
    const dataDir = join(home, "from-env");
    const p = serve(["--port", "0", "--json"], isolatedEnv(home, { WHILEAI_SERVER_DATA: dataDir }));
    await p.waitFor(/\}\n/);
    expect(JSON.parse(p.stdout())).toMatchObject({ dataDir });
    expect(existsSync(join(dataDir, "platform.sqlite"))).toBe(true);
    expect(await p.stop()).toEqual({ code: 0, signal: null });
  });

  it("a port in use is one line, exit 1; a bad port is a usage error", async () => {
    const home = scratchDir("wai-serve-");
    const env = isolatedEnv(home);
    const first = serve(["--port", "0", "--data-dir", join(home, "a"), "--json"], env);
    await first.waitFor(/\}\n/);
    const port = new URL((JSON.parse(first.stdout()) as { url: string }).url).port;
    const clash = await runWai(["serve", "--port", port, "--data-dir", join(home, "b")], { env });
    expect(clash).toMatchObject({ code: 1, stdout: "", stderr: `wai: cannot start the local platform: 127.0.0.1:${port} is already in use; pass --port (0 picks a free one)\n` });
    const bad = await runWai(["serve", "--port", "70000"], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^wai: option '--port <port>' argument '70000' is invalid\. expected a port from 0 to 65535/);
    const help = await runWai(["serve", "--help"], { env });
    expect(help.stdout).toMatch(/Example:\n {2}\$ wai serve /);
  });
});
