/** The one error the platform client throws for a failed request or a refused call. */
import { WhileaiError } from "@whileai/traces";

const marker = Symbol.for("@whileai/platform/PlatformError");

/** What a failed request tells about itself; every field is null for a refusal made before any request. */
export interface PlatformErrorFields {
  /** HTTP status of the reply, or null when no reply came (connection refused, timeout). */
  status?: number | null;
  /** HTTP method, upper case as sent. */
  method?: string | null;
  /** The request URL; the query string is dropped, which also hides presigned-URL signatures. */
  url?: string | null;
  /** The reply's `error` field, else the start of its body; or the reason no reply came. */
  detail?: string | null;
  cause?: unknown;
}

/** `url.split("?")[0]`, as Python puts it in the message. */
function withoutQuery(url: string): string {
  const q = url.indexOf("?");
  return q < 0 ? url : url.slice(0, q);
}

export class PlatformError extends WhileaiError {
  override readonly name = "PlatformError";
  readonly status: number | null;
  readonly method: string | null;
  readonly url: string | null;
  readonly detail: string | null;

  /** An error with Python's exact `message`; `fields` say what request it came from, if any. */
  constructor(message: string, fields: PlatformErrorFields = {}) {
    super(message, fields.cause === undefined ? undefined : { cause: fields.cause });
    this.status = fields.status ?? null;
    this.method = fields.method ?? null;
    this.url = fields.url == null ? null : withoutQuery(fields.url);
    this.detail = fields.detail ?? null;
  }

  /** A reply with status >= 400: `"{METHOD} {url without query} -> {status}: {detail}"`. */
  static fromStatus({ method, url, status, detail }: { method: string; url: string; status: number; detail: string }): PlatformError {
    return new PlatformError(`${method} ${withoutQuery(url)} -> ${status}: ${detail}`, { method, url, status, detail });
  }

  /** No reply at all (DNS, refused connection, timeout): `"{METHOD} {url without query} failed: {reason}"`. */
  static fromFailure({ method, url, reason, cause }: { method: string; url: string; reason: string; cause?: unknown }): PlatformError {
    return new PlatformError(`${method} ${withoutQuery(url)} failed: ${reason}`, { method, url, detail: reason, cause });
  }

  private get [marker](): true {
    return true;
  }

  static override isInstance(value: unknown): value is PlatformError {
    return WhileaiError.hasMarker(value, marker);
  }
}
