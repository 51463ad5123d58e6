/** zod checks of the platform's replies; extra fields always pass through. */
import * as z from "zod/mini";
import { PlatformError } from "../platform-error.js";

/** A Python dict (what `reply["x"]` and `.get` need); any other JSON fails the check. */
export const Dict = z.record(z.string(), z.unknown());

/**
 * `schema.parse(reply)`, or a PlatformError naming the request, the field and what it held
 * (Python: a KeyError or TypeError where it reads the field).
 */
export function checkReply<T>(schema: z.ZodMiniType<T>, reply: unknown, what: string): T {
  const result = schema.safeParse(reply);
  // The reply itself, not zod's copy: the schemas transform nothing, and a copy has its keys in
  // the schema's order, where the platform's order is what a caller prints (Python keeps it).
  if (result.success) return reply as T;
  const issue = result.error.issues[0];
  const path = issue?.path ?? [];
  const at = path.length ? path.join(".") : "reply";
  throw new PlatformError(`unexpected reply from ${what}: ${at}: ${issue ? problem(issue, valueAt(reply, path)) : "invalid"}`);
}

// zod/mini carries no message locale (its messages all read "Invalid input"); these words are ours.
function problem(issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.code !== "invalid_type") return issue.message;
  return value === undefined ? `missing (expected ${issue.expected})` : `expected ${issue.expected}, got ${jsonType(value)}`;
}

function jsonType(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}

function valueAt(reply: unknown, path: readonly PropertyKey[]): unknown {
  let at = reply;
  for (const key of path) at = typeof at === "object" && at !== null ? (at as Record<PropertyKey, unknown>)[key] : undefined;
  return at;
}
