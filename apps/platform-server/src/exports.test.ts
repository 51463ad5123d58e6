// The exact runtime names of @whileai/platform-server's entries; the main one is documented in README.md.
import { describe, it } from "vitest";
import { expectEntry } from "../../../scripts/testing/entry-names.mjs";
import * as localSecrets from "./local-secrets.js";
import * as server from "./server.js";

describe("the entries of @whileai/platform-server", () => {
  it("main exports createPlatformServer, migrateFromEmbedded and PlatformDatabaseError, documented", () => {
    expectEntry(server, ["createPlatformServer", "migrateFromEmbedded", "PlatformDatabaseError"], new URL("../README.md", import.meta.url));
  });

  it("/local-secrets exports the local keys and Hub settings wai serve uses", () => {
    expectEntry(localSecrets, ["DEV_ACCOUNT", "databaseFromEnv", "hubFromEnv", "localSecrets", "registerDevKey", "signingKeyFor"]);
  });
});
