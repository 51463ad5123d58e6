/** Presigned blob URLs: an HMAC over what the URL grants and until when, so a URL works without an API key. */
import { createHmac, timingSafeEqual } from "node:crypto";

/** What a presigned URL lets its holder do: PUT the dataset's bytes, or GET the byte range [start, end). */
export interface Grant {
  method: "PUT" | "GET";
  datasetId: string;
  start?: number;
  end?: number;
}

function mac(key: string, grant: Grant, expires: number): string {
  const message = [grant.method, grant.datasetId, grant.start ?? "-", grant.end ?? "-", expires].join("\n");
  return createHmac("sha256", key).update(message).digest("base64url");
}

/** The query string (`expires`, `sig`, and the range for a GET) of a URL granting `grant` until `expires` (unix seconds). */
export function signGrant(key: string, grant: Grant, expires: number): string {
  const q = new URLSearchParams();
  if (grant.start !== undefined) q.set("start", String(grant.start));
  if (grant.end !== undefined) q.set("end", String(grant.end));
  q.set("expires", String(expires));
  q.set("sig", mac(key, grant, expires));
  return q.toString();
}

// Canonical decimals only (no leading zeros): a grant has one signed form, the one signGrant wrote.
const DIGITS = /^(0|[1-9]\d{0,14})$/;

function intParam(query: URLSearchParams, name: string): number | undefined | null {
  const v = query.get(name);
  if (v === null) return undefined;
  return DIGITS.test(v) ? Number(v) : null;
}

/**
 * Checks a presigned URL's query for `method` on `datasetId`: the grant it carries, or why it is
 * refused ("expired" or "invalid signature"). Every field is covered by the MAC, so changing the
 * range, the expiry or the id breaks it; the comparison is constant-time.
 */
export function verifyGrant(
  key: string,
  method: Grant["method"],
  datasetId: string,
  query: URLSearchParams,
  nowSeconds: number,
): { ok: true; grant: Grant } | { ok: false; reason: string } {
  const expires = intParam(query, "expires");
  const start = intParam(query, "start");
  const end = intParam(query, "end");
  const sig = query.get("sig");
  if (expires == null || start === null || end === null || !sig) return { ok: false, reason: "invalid signature" };
  const grant: Grant = { method, datasetId, start, end };
  const want = Buffer.from(mac(key, grant, expires));
  const got = Buffer.from(sig);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return { ok: false, reason: "invalid signature" };
  if (nowSeconds > expires) return { ok: false, reason: "expired" };
  return { ok: true, grant };
}
