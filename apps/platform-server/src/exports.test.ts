// The exact runtime names of @whileai/platform-server's entries, each documented in README.md.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as localSecrets from "./local-secrets.js";
import * as server from "./server.js";

const README = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const names = (entry: object) => Object.keys(entry).sort();

describe("the entries of @whileai/platform-server", () => {
  it("main exports createPlatformServer alone, and README.md documents it", () => {
    expect(names(server)).toEqual(["createPlatformServer"]);
    expect(README).toContain("`createPlatformServer(");
  });

  it("/local-secrets exports the local keys and Hub settings wai serve uses", () => {
    expect(names(localSecrets)).toEqual(["DEV_ACCOUNT", "hubFromEnv", "localSecrets"]);
  });
});
