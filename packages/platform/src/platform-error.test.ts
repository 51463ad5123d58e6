import { describe, expect, it } from "vitest";
import { PlatformError } from "./platform-error.js";

describe("PlatformError", () => {
  it("formats a failed reply as Python does, without the query string", () => {
    const error = PlatformError.fromStatus({ method: "PUT", url: "https://s3/1?X-Amz-Signature=secret", status: 403, detail: "denied" });
    expect(error.message).toBe("PUT https://s3/1 -> 403: denied");
    expect(error).toMatchObject({ name: "PlatformError", status: 403, method: "PUT", url: "https://s3/1", detail: "denied" });
    expect(error.message).not.toContain("secret");
  });

  it("formats a request that got no reply", () => {
    const cause = new Error("timeout");
    const error = PlatformError.fromFailure({ method: "PUT", url: "https://s3/1", reason: "The write operation timed out", cause });
    expect(error.message).toBe("PUT https://s3/1 failed: The write operation timed out");
    expect(error).toMatchObject({ status: null, method: "PUT", detail: "The write operation timed out" });
    expect(error.cause).toBe(cause);
  });

  it("carries a plain message for refusals made before any request", () => {
    const error = new PlatformError("Pass the current delegated credential to refresh it.");
    expect(error).toMatchObject({ status: null, method: null, url: null, detail: null });
    expect(error.cause).toBeUndefined();
  });

  it("is recognised across copies of the package, and nothing else is", () => {
    expect(PlatformError.isInstance(new PlatformError("x"))).toBe(true);
    expect(PlatformError.isInstance(new Error("x"))).toBe(false);
    expect(PlatformError.isInstance(null)).toBe(false);
    expect(new PlatformError("x")).toBeInstanceOf(Error);
  });
});
