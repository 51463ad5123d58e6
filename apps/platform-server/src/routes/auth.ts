/**
 * `POST /auth/{issue,refresh,revoke}-credential` (platform-and-otel.md §4.1–4.2).
 *
 * The hosted platform takes a Clerk session token as `Authorization: Bearer`. There is no Clerk
 * locally, so the session token is one of the account's API keys: whoever holds a key may mint
 * short-lived credentials for that account. A delegated credential is not a session token (it
 * cannot mint more), so a leaked one dies with its TTL and cannot be used to extend itself.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { PLATFORM_CREDENTIAL_TTL_S } from "@whileai/platform";
import { z } from "zod";
import { type CredentialRecord, type CredentialStore, unusable } from "../credential-store.js";
import { HttpError, readJson, sendJson } from "../http.js";
import { parse, type RouteContext } from "./datasets.js";

export interface AuthContext extends RouteContext {
  credentials: CredentialStore;
  /** Longest lifetime a credential may ask for, in seconds. */
  maxCredentialTtlSeconds: number;
}

/** Shortest lifetime: anything briefer expires before a job can use it. */
export const MIN_CREDENTIAL_TTL_S = 60;

// ttlSeconds is checked by ttl() below, which names its limits; optional, as the client may leave it out.
const IssueBody = z.looseObject({ name: z.string().min(1).max(200).optional(), ttlSeconds: z.unknown().optional() });
const RefreshBody = z.looseObject({ credential: z.string().min(1), ttlSeconds: z.unknown().optional() });
const RevokeBody = z.looseObject({ credential: z.string().min(1) });

/** The account whose API key is the Bearer token; a delegated credential or anything else → 401. */
async function sessionAccount(ctx: AuthContext, req: IncomingMessage): Promise<string> {
  const header = req.headers.authorization ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new HttpError(401, "missing Authorization: Bearer <session token> (on the local platform, an account API key)");
  const account = await ctx.store.accountForKey(match[1]!);
  if (!account) throw new HttpError(401, "invalid session token: the local platform takes an account API key as the Bearer token");
  return account;
}

function ttl(ctx: AuthContext, value: unknown): number {
  if (value === undefined || value === null) return Math.min(PLATFORM_CREDENTIAL_TTL_S, ctx.maxCredentialTtlSeconds);
  const max = ctx.maxCredentialTtlSeconds;
  if (typeof value !== "number" || !Number.isInteger(value) || value < MIN_CREDENTIAL_TTL_S || value > max) {
    throw new HttpError(400, `ttlSeconds: must be a whole number of seconds from ${MIN_CREDENTIAL_TTL_S} to ${max}, got ${JSON.stringify(value)}`);
  }
  return value;
}

function reply(credential: string, record: CredentialRecord): Record<string, unknown> {
  return {
    credential,
    name: record.name,
    expiresAt: new Date(record.expiresAt * 1000).toISOString(),
    ttlSeconds: record.expiresAt - record.createdAt,
  };
}

/** The credential's record when it belongs to `account`; another account's looks like an unknown one. */
async function ownCredential(ctx: AuthContext, account: string, credential: string): Promise<CredentialRecord> {
  const record = await ctx.credentials.find(credential);
  if (!record || record.account !== account) throw new HttpError(404, "delegated credential not found for this account");
  return record;
}

/** `POST /auth/issue-credential` `{name?, ttlSeconds?}` → `{credential, name, expiresAt, ttlSeconds}`. */
export async function issueCredential(ctx: AuthContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const account = await sessionAccount(ctx, req);
  const body = parse(IssueBody, await readJson(req, ctx.maxJsonBytes));
  const issued = await ctx.credentials.issue(account, body.name ?? "sdk-default", ctx.nowSeconds(), ttl(ctx, body.ttlSeconds));
  sendJson(res, 200, reply(issued.credential, issued.record));
}

/**
 * `POST /auth/refresh-credential` `{credential, ttlSeconds?}`: a successor under the same name; the
 * old one is revoked, so a refreshed credential never leaves two live copies behind. Only a live
 * credential refreshes (an expired one → 401: issue a new one).
 */
export async function refreshCredential(ctx: AuthContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const account = await sessionAccount(ctx, req);
  const body = parse(RefreshBody, await readJson(req, ctx.maxJsonBytes));
  const seconds = ttl(ctx, body.ttlSeconds);
  const record = await ownCredential(ctx, account, body.credential);
  const now = ctx.nowSeconds();
  const why = unusable(record, now);
  if (why) throw new HttpError(401, `${why}; issue a new one with /auth/issue-credential`);
  const next = await ctx.credentials.rotate(body.credential, record, now, seconds);
  sendJson(res, 200, { ...reply(next.credential, next.record), replaced: true });
}

/** `POST /auth/revoke-credential` `{credential}`; revoking twice is harmless. */
export async function revokeCredential(ctx: AuthContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const account = await sessionAccount(ctx, req);
  const body = parse(RevokeBody, await readJson(req, ctx.maxJsonBytes));
  await ownCredential(ctx, account, body.credential);
  await ctx.credentials.revoke(body.credential, ctx.nowSeconds());
  sendJson(res, 200, { revoked: true });
}
