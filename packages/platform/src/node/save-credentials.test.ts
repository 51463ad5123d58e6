import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { agents } from "../agents.js";
import { storedApiKey } from "../config.js";
import { PlatformError } from "../platform-error.js";
import { fetchRuntime, setPlatformRuntime } from "../runtime.js";
import { startRecordingServer, type RecordingServer } from "../testing/recording-server.js";
import { createNodeRuntime } from "./runtime.js";
import { credentialsPath, removeApiKey, saveApiKey } from "./save-credentials.js";

const homes: string[] = [];

function scratchHome(files: Record<string, string> = {}): string {
  const home = mkdtempSync(join(tmpdir(), "whileai-login-"));
  homes.push(home);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(home, path, ".."), { recursive: true });
    writeFileSync(join(home, path), text);
  }
  return home;
}

const mode = (path: string) => statSync(path).mode & 0o777;
const json = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;

afterEach(() => setPlatformRuntime(fetchRuntime));
afterAll(() => {
  for (const home of homes) rmSync(home, { recursive: true, force: true });
});

describe("credentialsPath", () => {
  it("is where the client reads the login: WHILEAI_HOME, then ZEROPROOF_HOME, then ~/.whileai", () => {
    const home = scratchHome();
    expect(credentialsPath({ env: { WHILEAI_HOME: "/a", ZEROPROOF_HOME: "/b" }, homeDir: home })).toBe("/a/credentials.json");
    expect(credentialsPath({ env: { WHILEAI_HOME: "", ZEROPROOF_HOME: "/b" }, homeDir: home })).toBe("/b/credentials.json");
    expect(credentialsPath({ env: {}, homeDir: home })).toBe(join(home, ".whileai", "credentials.json"));
  });

  it("is ~/.zeroproof while only that older file exists", () => {
    const home = scratchHome({ ".zeroproof/credentials.json": "{}" });
    expect(credentialsPath({ env: {}, homeDir: home })).toBe(join(home, ".zeroproof", "credentials.json"));
  });
});

describe("saveApiKey", () => {
  it("makes the directory (0700) and writes the file with mode 0600", async () => {
    const home = scratchHome();
    const path = await saveApiKey("wai_key_1", { env: {}, homeDir: home });
    expect(path).toBe(join(home, ".whileai", "credentials.json"));
    expect(json(path)).toEqual({ api_key: "wai_key_1" });
    expect(mode(path)).toBe(0o600);
    expect(mode(join(home, ".whileai"))).toBe(0o700);
  });

  it("keeps the file's other keys and their order, replaces the key, and leaves no temporary file", async () => {
    const before = { api_url: "https://api.withwhile.com", api_key: "old", name: "Ada", user_id: "u_1", created_at: "2025-01-01T00:00:00Z" };
    const home = scratchHome({ ".whileai/credentials.json": JSON.stringify(before) });
    const path = await saveApiKey("new", { env: {}, homeDir: home });
    expect(Object.entries(json(path))).toEqual(Object.entries({ ...before, api_key: "new" }));
    expect(readdirSync(join(home, ".whileai"))).toEqual(["credentials.json"]);
  });

  it("ends with mode 0600 even over a file that was readable by others", async () => {
    const home = scratchHome({ ".whileai/credentials.json": "{}" });
    const path = join(home, ".whileai", "credentials.json");
    writeFileSync(path, "{}", { mode: 0o644 });
    await saveApiKey("k", { env: {}, homeDir: home });
    expect(mode(path)).toBe(0o600);
  });

  it("writes under WHILEAI_HOME when it is set", async () => {
    const dir = join(scratchHome(), "nested", "config");
    const path = await saveApiKey("k", { env: { WHILEAI_HOME: dir }, homeDir: scratchHome() });
    expect(path).toBe(join(dir, "credentials.json"));
    expect(json(path)).toEqual({ api_key: "k" });
  });

  it("refuses to overwrite a file that is not a JSON object, and leaves it as it was", async () => {
    for (const text of ["not json", "[1, 2]", '"k"', "null"]) {
      const home = scratchHome({ ".whileai/credentials.json": text });
      const path = join(home, ".whileai", "credentials.json");
      const error = await saveApiKey("k", { env: {}, homeDir: home }).catch((e: unknown) => e);
      expect(PlatformError.isInstance(error)).toBe(true);
      expect((error as Error).message).toBe(`${path} is not a JSON object, so it was left as it is: fix or remove it, then log in again`);
      expect(readFileSync(path, "utf8")).toBe(text);
    }
  });

  it("treats an empty file as no file", async () => {
    const home = scratchHome({ ".whileai/credentials.json": "\n" });
    expect(json(await saveApiKey("k", { env: {}, homeDir: home }))).toEqual({ api_key: "k" });
  });

  it("refuses a key a request header cannot carry", async () => {
    const home = scratchHome();
    await expect(saveApiKey("", { env: {}, homeDir: home })).rejects.toThrow("saveApiKey: apiKey must be a non-empty string");
    await expect(saveApiKey("  ", { env: {}, homeDir: home })).rejects.toThrow("saveApiKey: apiKey must be a non-empty string");
    await expect(saveApiKey("a\nb", { env: {}, homeDir: home })).rejects.toThrow("saveApiKey: apiKey must be one line without control characters");
    expect(existsSync(join(home, ".whileai"))).toBe(false);
  });
});

describe("removeApiKey", () => {
  it("takes the key out and keeps the other keys", async () => {
    const home = scratchHome({ ".whileai/credentials.json": JSON.stringify({ api_key: "k", api_url: "https://x" }) });
    const result = await removeApiKey({ env: {}, homeDir: home });
    expect(result).toEqual({ path: join(home, ".whileai", "credentials.json"), removed: true });
    expect(json(result.path)).toEqual({ api_url: "https://x" });
    expect(mode(result.path)).toBe(0o600);
  });

  it("deletes a file the key was all of", async () => {
    const home = scratchHome({ ".whileai/credentials.json": JSON.stringify({ api_key: "k" }) });
    const result = await removeApiKey({ env: {}, homeDir: home });
    expect(result.removed).toBe(true);
    expect(existsSync(result.path)).toBe(false);
  });

  it("says there was none when there is no file, no key, or a file the client cannot read", async () => {
    expect((await removeApiKey({ env: {}, homeDir: scratchHome() })).removed).toBe(false);
    const keyless = scratchHome({ ".whileai/credentials.json": JSON.stringify({ name: "Ada" }) });
    expect((await removeApiKey({ env: {}, homeDir: keyless })).removed).toBe(false);
    const broken = scratchHome({ ".whileai/credentials.json": "not json" });
    expect(await removeApiKey({ env: {}, homeDir: broken })).toEqual({ path: join(broken, ".whileai", "credentials.json"), removed: false });
    expect(readFileSync(join(broken, ".whileai", "credentials.json"), "utf8")).toBe("not json");
  });
});

describe("the stored key, read back by the client", () => {
  let server: RecordingServer;
  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterAll(() => server.close());

  it("goes out as X-Api-Key once saved, and no longer once removed", async () => {
    const home = scratchHome();
    await saveApiKey("wai_saved_key", { env: {}, homeDir: home });
    setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: server.url }, homeDir: home }));
    expect(storedApiKey()).toBe("wai_saved_key");
    server.reset([{ status: 200, json: { agents: [] } }]);
    expect(await agents()).toEqual([]);
    expect(server.requests[0]!.headers["x-api-key"]).toBe("wai_saved_key");

    await removeApiKey({ env: {}, homeDir: home });
    expect(storedApiKey()).toBeNull();
  });
});
