/** Delegated credentials: the real client's issue/refresh/revoke against the real server, then the credential used as a key. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  call,
  createNodeRuntime,
  datasets,
  issueDelegatedCredential,
  pushRows,
  refreshDelegatedCredential,
  revokeDelegatedCredential,
  setPlatformRuntime,
} from "@whileai/platform/node";
import { afterEach, describe, expect, it } from "vitest";
import { createPlatformServer, type PlatformServer } from "./server.js";
import { platformFailure } from "./testing/server.js";
import { testDatabase } from "./testing/test-store.js";

const open: PlatformServer[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

/** A server whose clock the test moves, with two accounts. */
async function start() {
  const clock = { ms: Date.UTC(2026, 0, 1) };
  const dataDir = mkdtempSync(join(tmpdir(), "wai-auth-"));
  const server = await createPlatformServer({ dataDir, signingKey: "k", database: await testDatabase(), now: () => clock.ms, maxCredentialTtlSeconds: 7200 });
  open.push(server);
  setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: server.url, WHILEAI_HOME: dataDir } }));
  const alice = (await server.createAccount("alice")).apiKey;
  const bob = (await server.createAccount("bob")).apiKey;
  return { server, clock, alice, bob };
}

const credentialOf = (reply: unknown) => (reply as { credential: string }).credential;
/** The names of the datasets the key lists. */
const listedWith = async (apiKey: string) => ((await datasets({ apiKey })) as { datasets: { name: string }[] }).datasets.map((d) => d.name);

describe("delegated credentials", () => {
  it("issue → list datasets with it → refresh (old one ends) → revoke → 401", async () => {
    const { alice } = await start();
    await pushRows([{ prompt: "p", final_text: "a" }], "mine", { apiKey: alice });

    const issued = (await issueDelegatedCredential(alice, { name: "ci", ttlSeconds: 600 })) as Record<string, unknown>;
    expect(issued).toMatchObject({ name: "ci", ttlSeconds: 600, expiresAt: "2026-01-01T00:10:00.000Z" });
    const first = credentialOf(issued);
    expect(first).toMatch(/^zp_dc_/);
    expect(await listedWith(first)).toEqual(["mine"]);

    const refreshed = await refreshDelegatedCredential(alice, first, { ttlSeconds: 1200 });
    const second = credentialOf(refreshed);
    expect(refreshed).toMatchObject({ name: "ci", ttlSeconds: 1200, replaced: true });
    expect(second).not.toBe(first);
    expect(await listedWith(second)).toEqual(["mine"]);
    const stale = await platformFailure(datasets({ apiKey: first }));
    expect(stale.status).toBe(401);
    expect(stale.detail).toBe("delegated credential was revoked");

    expect(await revokeDelegatedCredential(alice, second)).toEqual({ revoked: true });
    expect((await platformFailure(datasets({ apiKey: second }))).status).toBe(401);
    // Revoking again is harmless; refreshing a revoked one is refused.
    expect(await revokeDelegatedCredential(alice, second)).toEqual({ revoked: true });
    const again = await platformFailure(refreshDelegatedCredential(alice, second));
    expect([again.status, again.detail]).toEqual([401, "delegated credential was revoked; issue a new one with /auth/issue-credential"]);
  });

  it("a credential stops working when its TTL passes, and cannot be refreshed after", async () => {
    const { clock, alice } = await start();
    const credential = credentialOf(await issueDelegatedCredential(alice, { ttlSeconds: 60 }));
    clock.ms += 59_000;
    expect(await listedWith(credential)).toEqual([]);
    clock.ms += 1_000;
    const expired = await platformFailure(datasets({ apiKey: credential }));
    expect([expired.status, expired.detail]).toEqual([401, "delegated credential expired"]);
    expect((await platformFailure(refreshDelegatedCredential(alice, credential))).status).toBe(401);
  });

  it("the Bearer must be an account API key: missing, wrong or a delegated credential → 401", async () => {
    const { alice } = await start();
    // An API key as X-Api-Key is not a session: the Bearer header is required.
    const missing = await platformFailure(call("POST", "/auth/issue-credential", { apiKey: alice, body: { ttlSeconds: 600 } }));
    expect(missing.status).toBe(401);
    expect(missing.detail).toMatch(/missing Authorization: Bearer/);
    const wrong = await platformFailure(issueDelegatedCredential("not-a-key"));
    expect([wrong.status, wrong.detail]).toEqual([401, "invalid session token: the local platform takes an account API key as the Bearer token"]);
    const credential = credentialOf(await issueDelegatedCredential(alice));
    expect((await platformFailure(issueDelegatedCredential(credential))).status).toBe(401);
  });

  it("another account's credential is not found, and cannot be revoked by it", async () => {
    const { alice, bob } = await start();
    const credential = credentialOf(await issueDelegatedCredential(alice));
    const foreign = await platformFailure(revokeDelegatedCredential(bob, credential));
    expect([foreign.status, foreign.detail]).toEqual([404, "delegated credential not found for this account"]);
    expect(await listedWith(credential)).toEqual([]);
    expect((await platformFailure(refreshDelegatedCredential(alice, "zp_dc_never-issued"))).status).toBe(404);
  });

  it("a TTL out of range or not a whole number → 400 naming the field and the limits", async () => {
    const { alice } = await start();
    for (const ttlSeconds of [0, 59, 7201, -5]) {
      const error = await platformFailure(issueDelegatedCredential(alice, { ttlSeconds }));
      expect([error.status, error.detail]).toEqual([400, `ttlSeconds: must be a whole number of seconds from 60 to 7200, got ${ttlSeconds}`]);
    }
    const text = await platformFailure(call("POST", "/auth/issue-credential", { authToken: alice, body: { ttlSeconds: "600" } }));
    expect([text.status, text.detail]).toEqual([400, 'ttlSeconds: must be a whole number of seconds from 60 to 7200, got "600"']);
    const credential = credentialOf(await issueDelegatedCredential(alice, { ttlSeconds: 7200 }));
    expect((await platformFailure(refreshDelegatedCredential(alice, credential, { ttlSeconds: 1e6 }))).status).toBe(400);
    // A refused refresh leaves the credential working.
    expect(await listedWith(credential)).toEqual([]);
  });
});
