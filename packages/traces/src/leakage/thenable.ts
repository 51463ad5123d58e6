/** A Promise or any other thenable an embedder may answer with (another realm's Promise, a library's). */
export function isThenable<T>(value: unknown): value is PromiseLike<T> {
  return value !== null && (typeof value === "object" || typeof value === "function") && typeof (value as { then?: unknown }).then === "function";
}
