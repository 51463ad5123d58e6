/** Short-lived delegated credentials minted with a Clerk session token (§4.1, §4.2). */
import { PLATFORM_CREDENTIAL_TTL_S, PLATFORM_REQUEST_TIMEOUT_S } from "./constants.js";
import { call } from "./http/call.js";
import { PlatformError } from "./platform-error.js";
import { pyInt } from "@whileai/hash-embed/internal";

export interface CredentialOptions {
  /** Seconds the credential lives. */
  ttlSeconds?: number;
  /** Request timeout, in seconds. */
  timeout?: number;
  signal?: AbortSignal;
}

function bearer(clerkToken: string, options: CredentialOptions) {
  return { authToken: clerkToken, timeout: options.timeout ?? PLATFORM_REQUEST_TIMEOUT_S, signal: options.signal };
}

/** `POST /auth/issue-credential` with `{name, ttlSeconds}` and the Clerk token as Bearer. */
export async function issueDelegatedCredential(
  clerkToken: string,
  options: CredentialOptions & { name?: string } = {},
): Promise<unknown> {
  if (!clerkToken) throw new PlatformError("A valid Clerk session token is required to mint a delegated credential.");
  const body = { name: options.name ?? "sdk-default", ttlSeconds: pyInt(options.ttlSeconds ?? PLATFORM_CREDENTIAL_TTL_S) };
  return call("POST", "/auth/issue-credential", { ...bearer(clerkToken, options), body });
}

/** `POST /auth/refresh-credential` with the current credential. */
export async function refreshDelegatedCredential(
  clerkToken: string,
  credential: string,
  options: CredentialOptions = {},
): Promise<unknown> {
  if (!clerkToken) throw new PlatformError("A valid Clerk session token is required to refresh a delegated credential.");
  if (!credential) throw new PlatformError("Pass the current delegated credential to refresh it.");
  const body = { credential, ttlSeconds: pyInt(options.ttlSeconds ?? PLATFORM_CREDENTIAL_TTL_S) };
  return call("POST", "/auth/refresh-credential", { ...bearer(clerkToken, options), body });
}

/** `POST /auth/revoke-credential` with the credential to revoke. */
export async function revokeDelegatedCredential(
  clerkToken: string,
  credential: string,
  options: Omit<CredentialOptions, "ttlSeconds"> = {},
): Promise<unknown> {
  if (!clerkToken) throw new PlatformError("A valid Clerk session token is required to revoke a delegated credential.");
  if (!credential) throw new PlatformError("Pass the delegated credential to revoke it.");
  return call("POST", "/auth/revoke-credential", { ...bearer(clerkToken, options), body: { credential } });
}
