import { describe, expect, it } from "vitest";
import { isWhileaiError, WhileaiError } from "./whileai-error.js";

class LocalError extends WhileaiError {}

describe("isWhileaiError", () => {
  it("is true for any WhileaiError and false for other errors and values", () => {
    expect(isWhileaiError(new LocalError("x"))).toBe(true);
    expect(WhileaiError.isInstance(new LocalError("x"))).toBe(true);
    for (const value of [new Error("x"), Object.assign(new Error("x"), { name: "WhileaiError" }), null, undefined, "WhileaiError", {}]) {
      expect(isWhileaiError(value)).toBe(false);
    }
  });

  it("recognises errors of a second copy of this module, where instanceof fails", async () => {
    // The built module under a URL of its own: a module instance with its own base class, as a second install has.
    const copy = (await import(`${new URL("../dist/whileai-error.js", import.meta.url).href}?second-copy`)) as typeof import("./whileai-error.js");
    expect(copy.WhileaiError).not.toBe(WhileaiError);
    const foreign = new (class ForeignError extends copy.WhileaiError {})("x");
    expect(foreign).not.toBeInstanceOf(WhileaiError);
    expect(isWhileaiError(foreign)).toBe(true);
    expect(copy.isWhileaiError(new LocalError("x"))).toBe(true);
  });

  it("keeps message and cause as given", () => {
    const cause = new Error("underneath");
    const error = new LocalError("what went wrong", { cause });
    expect(error.message).toBe("what went wrong");
    expect(error.cause).toBe(cause);
    expect("cause" in new LocalError("x")).toBe(false);
  });
});
