import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { apiUrl, getenv, hasApiKey, NO_CREDENTIAL_MESSAGE, resolveApiKey, storedApiKey } from "./config.js";
import { createNodeRuntime } from "./node/runtime.js";
import { fetchRuntime, setPlatformRuntime } from "./runtime.js";

afterEach(() => setPlatformRuntime(fetchRuntime));

function scratchHome(files: Record<string, string> = {}): string {
  const home = mkdtempSync(join(tmpdir(), "whileai-config-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(home, path, ".."), { recursive: true });
    writeFileSync(join(home, path), text);
  }
  return home;
}

function useEnv(env: Record<string, string>, homeDir = scratchHome()): void {
  setPlatformRuntime(createNodeRuntime({ env, homeDir }));
}

describe("getenv", () => {
  it("prefers WHILEAI_, falls back to ZEROPROOF_, and treats empty as unset", () => {
    useEnv({ WHILEAI_X: "", ZEROPROOF_X: "old", WHILEAI_Y: "new", ZEROPROOF_Y: "old" });
    expect(getenv("X")).toBe("old");
    expect(getenv("Y")).toBe("new");
    expect(getenv("Z", "d")).toBe("d");
  });
});

describe("apiUrl", () => {
  it("strips every trailing slash and defaults to the hosted platform", () => {
    useEnv({ WHILEAI_API_URL: "http://h:1/base///" });
    expect(apiUrl()).toBe("http://h:1/base");
    useEnv({ WHILEAI_API_URL: "" });
    expect(apiUrl()).toBe("https://api.withwhile.com");
  });
});

describe("resolveApiKey", () => {
  const login = JSON.stringify({ api_key: "k_file" });
  it("takes explicit, then delegated credential, then WHILEAI_API_KEY, then the stored login", () => {
    const home = scratchHome({ ".whileai/credentials.json": login });
    useEnv({ WHILEAI_DELEGATED_CREDENTIAL: "zp_dc_1", WHILEAI_API_KEY: "k_env" }, home);
    expect(resolveApiKey("k_arg")).toBe("k_arg");
    expect(resolveApiKey("")).toBe("zp_dc_1");
    useEnv({ WHILEAI_API_KEY: "k_env" }, home);
    expect(resolveApiKey()).toBe("k_env");
    useEnv({}, home);
    expect(resolveApiKey()).toBe("k_file");
  });

  it("raises Python's 'No credential' text when nothing is set", () => {
    useEnv({});
    expect(() => resolveApiKey()).toThrow(NO_CREDENTIAL_MESSAGE);
    expect(hasApiKey()).toBe(false);
  });

  it("reads credentials.json under WHILEAI_HOME", () => {
    const dir = scratchHome({ "creds/credentials.json": JSON.stringify({ api_key: 12345 }) });
    useEnv({ WHILEAI_HOME: join(dir, "creds") });
    expect(storedApiKey()).toBe("12345");
  });

  it("falls back to ~/.zeroproof only when ~/.whileai has no credentials file", () => {
    const legacy = JSON.stringify({ api_key: "k_old" });
    useEnv({}, scratchHome({ ".zeroproof/credentials.json": legacy }));
    expect(storedApiKey()).toBe("k_old");
    useEnv({}, scratchHome({ ".zeroproof/credentials.json": legacy, ".whileai/credentials.json": login }));
    expect(storedApiKey()).toBe("k_file");
  });

  it("treats an unreadable, non-object or keyless file as absent", () => {
    for (const text of ["{not json", "[1]", '{"api_key": ""}', '{"api_key": null}']) {
      useEnv({}, scratchHome({ ".whileai/credentials.json": text }));
      expect(storedApiKey()).toBeNull();
    }
  });

  it("has no credentials file in the browser runtime", () => {
    setPlatformRuntime({ ...fetchRuntime, env: () => undefined });
    expect(storedApiKey()).toBeNull();
  });
});
