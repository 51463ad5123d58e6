/** Raised where Python's `json.loads` raises; every caller in this port catches it. */
export class PyJsonError extends Error {
  override name = "PyJsonError";
}
