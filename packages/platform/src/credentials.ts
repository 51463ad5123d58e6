/** Short-lived delegated credentials minted with a Clerk session token (§4.1, §4.2). */
import { PLATFORM_CREDENTIAL_TTL_S, PLATFORM_REQUEST_TIMEOUT_S } from "./constants.js";
import { call } from "./http/call.js";
import { checkReply } from "./http/reply.js";
import { PlatformError } from "./platform-error.js";
import { pyInt } from "@whileai/hash-embed/internal";
import { DelegatedCredentialSchema, RevokedSchema, type DelegatedCredential, type Revoked } from "./replies.js";
import type { ConnectionOptions } from "./request-options.js";

/** No `apiKey`: these calls authenticate with the Clerk session token. */
export interface CredentialOptions extends ConnectionOptions {
  /** Seconds the credential lives. */
  ttlSeconds?: number;
  /** Request timeout, in seconds. */
  timeout?: number;
}

function bearer(clerkToken: string, { apiUrl, fetch, signal, timeout }: CredentialOptions) {
  return { authToken: clerkToken, timeout: timeout ?? PLATFORM_REQUEST_TIMEOUT_S, apiUrl, fetch, signal };
}

/** `POST /auth/issue-credential` with `{name, ttlSeconds}` and the Clerk token as Bearer. */
export async function issueDelegatedCredential(
  clerkToken: string,
  options: CredentialOptions & { name?: string } = {},
): Promise<DelegatedCredential> {
  if (!clerkToken) throw new PlatformError("A valid Clerk session token is required to mint a delegated credential.");
  const body = { name: options.name ?? "sdk-default", ttlSeconds: pyInt(options.ttlSeconds ?? PLATFORM_CREDENTIAL_TTL_S) };
  const reply = await call("POST", "/auth/issue-credential", { ...bearer(clerkToken, options), body });
  return checkReply(DelegatedCredentialSchema, reply, "POST /auth/issue-credential");
}

/** `POST /auth/refresh-credential` with the current credential. */
export async function refreshDelegatedCredential(
  clerkToken: string,
  credential: string,
  options: CredentialOptions = {},
): Promise<DelegatedCredential> {
  if (!clerkToken) throw new PlatformError("A valid Clerk session token is required to refresh a delegated credential.");
  if (!credential) throw new PlatformError("Pass the current delegated credential to refresh it.");
  const body = { credential, ttlSeconds: pyInt(options.ttlSeconds ?? PLATFORM_CREDENTIAL_TTL_S) };
  const reply = await call("POST", "/auth/refresh-credential", { ...bearer(clerkToken, options), body });
  return checkReply(DelegatedCredentialSchema, reply, "POST /auth/refresh-credential");
}

/** `POST /auth/revoke-credential` with the credential to revoke. */
export async function revokeDelegatedCredential(
  clerkToken: string,
  credential: string,
  options: Omit<CredentialOptions, "ttlSeconds"> = {},
): Promise<Revoked> {
  if (!clerkToken) throw new PlatformError("A valid Clerk session token is required to revoke a delegated credential.");
  if (!credential) throw new PlatformError("Pass the delegated credential to revoke it.");
  const reply = await call("POST", "/auth/revoke-credential", { ...bearer(clerkToken, options), body: { credential } });
  return checkReply(RevokedSchema, reply, "POST /auth/revoke-credential");
}
