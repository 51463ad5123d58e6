/** zod checks of the reply fields a call reads; extra fields always pass through. */
import { z } from "zod";
import { PlatformError } from "../platform-error.js";

/** A Python dict (what `reply["x"]` and `.get` need); any other JSON fails the check. */
export const Dict = z.record(z.string(), z.unknown());

/** `schema.parse(reply)`, or a PlatformError naming the request and the first problem (Python: KeyError). */
export function checkReply<T extends z.ZodType>(schema: T, reply: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(reply);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const at = issue && issue.path.length ? issue.path.join(".") : "reply";
  throw new PlatformError(`unexpected reply from ${what}: ${at}: ${issue?.message ?? "invalid"}`);
}
