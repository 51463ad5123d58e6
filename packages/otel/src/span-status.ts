/** A span's OTLP status, for conventions that say a tool failed only there. */
import * as py from "@whileai/hash-embed/internal";

/** `"error"` when the span's OTLP status code is ERROR (2, or its enum name). */
export function statusOf(span: py.Dict): string {
  const status = py.get(span, "status");
  const code = py.isDict(status) ? py.get(status, "code") : null;
  return code === 2 || code === "2" || code === "STATUS_CODE_ERROR" ? "error" : "";
}
