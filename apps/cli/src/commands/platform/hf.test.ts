// `wai hf status|publish|import` through `wai serve` (spawned, WHILEAI_HF_TOKEN and WHILEAI_HF_ENDPOINT
// set) to the local Hugging Face Hub stand-in, all on 127.0.0.1: rows go to the Hub and come back.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHubServer, type HubServer } from "../../../../../packages/platform/src/testing/hub-server.js";
import { isolatedEnv, removeScratchDirs, runWai, scratchDir, startLocalPlatform, startWai, type Env, type WaiProcess } from "../../testing/platform-fixture.js";

const TOKEN = "hf_platform_write";
let hub: HubServer;
let serve: WaiProcess;
let env: Env;
let home: string;

beforeAll(async () => {
  hub = await startHubServer({ tokens: { [TOKEN]: { name: "platform", orgs: ["team"] } } });
  home = scratchDir("wai-hf-");
  serve = startWai(["serve", "--port", "0", "--data-dir", join(home, "data"), "--json"], { env: isolatedEnv(home, { WHILEAI_HF_TOKEN: TOKEN, WHILEAI_HF_ENDPOINT: hub.url }) });
  await serve.waitFor(/\}\n/);
  const { url, apiKey, hfEndpoint } = JSON.parse(serve.stdout()) as { url: string; apiKey: string; hfEndpoint: string };
  expect(hfEndpoint).toBe(hub.url);
  env = isolatedEnv(home, { WHILEAI_API_URL: url, WHILEAI_API_KEY: apiKey });
});
afterAll(async () => {
  expect(await serve.stop("SIGTERM")).toEqual({ code: 0, signal: null });
  await hub.close();
  removeScratchDirs();
});

const ROWS = [
  { prompt: "Where is A-1?", final_text: "shipped", reward: 1 },
  { prompt: "Refund B-2", final_text: "done", reward: 0 },
  { prompt: "Cancel C-3", final_text: "cancelled", reward: 1 },
];

describe("wai hf", () => {
  it("status says whose token the platform holds", async () => {
    const status = await runWai(["hf", "status"], { env });
    expect(status).toMatchObject({ code: 0, stdout: "connected: true\nusername: platform\nnamespaces: platform, team\nscopes: write\n" });
  });

  it("publish pushes a dataset to the Hub and waits; import brings the split back as a new dataset", async () => {
    const file = join(home, "rows.jsonl");
    writeFileSync(file, ROWS.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const id = (JSON.parse((await runWai(["push", file, "--json"], { env })).stdout) as { datasetId: string }).datasetId;

    const published = await runWai(["hf", "publish", id, "--namespace", "team", "--repo", "support-runs", "--poll", "0.05", "--json"], { env });
    expect(published.code).toBe(0);
    expect(JSON.parse(published.stdout)).toMatchObject({ status: "done", repo: "team/support-runs", split: "train", rows: 3 });

    const imported = await runWai(["hf", "import", "team/support-runs", "--name", "from-hub", "--agent", "support-bot", "--poll", "0.05"], { env });
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(/^datasetId: ds_\w+\nname: from-hub\nstatus: ready\n/m);
    const back = imported.stdout.match(/^datasetId: (ds_\w+)$/m)![1]!;
    const pulled = (await runWai(["pull", back], { env })).stdout.trim().split("\n").map((l) => JSON.parse(l) as unknown);
    expect(pulled).toEqual(ROWS);
  });

  it("the Hub's and the platform's refusals are one line, exit 1", async () => {
    const missing = await runWai(["hf", "import", "team/absent", "--poll", "0.05"], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^wai: POST http:\/\/127\.0\.0\.1:\d+\/datasets\/import-hf -> 404: Hugging Face dataset team\/absent \(revision main\) not found, or not visible to the platform's token\n$/);
    const refused = await runWai(["hf", "publish", "ds_000000000000000000000000"], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/-> 404: dataset ds_0{24} not found\n$/);
  });

  it("a platform without a Hub answers 501 saying how to turn it on", async () => {
    const bare = await startLocalPlatform();
    try {
      const result = await runWai(["hf", "status", "--api-url", bare.url, "--api-key", bare.apiKey], { env: isolatedEnv(home) });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(new RegExp(`^wai: GET ${bare.url}/hf/me -> 501: Hugging Face is not configured on this local platform: start it with WHILEAI_HF_TOKEN=hf_\\.\\.\\. .*\\n$`));
    } finally {
      await bare.close();
    }
  });
});
