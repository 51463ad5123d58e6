import { PlatformError } from "@whileai/platform";
import { describe, expect, it } from "vitest";
import { CliError, describeError, INTERRUPTED_EXIT_CODE, UsageError } from "./errors.js";

const HINT = "set WAI_DEBUG=1 to see the stack";

describe("describeError", () => {
  it("gives exit 1 for CliError and 2 for UsageError, without a hint", async () => {
    expect(await describeError(new CliError("data.jsonl:3: invalid JSON"))).toEqual({ message: "data.jsonl:3: invalid JSON", exitCode: 1 });
    expect(await describeError(new UsageError("bad --shard"))).toEqual({ message: "bad --shard", exitCode: 2 });
  });

  it("recognises a CliError from another copy of the module by its marker", () => {
    const foreign = Object.assign(new Error("x"), { [Symbol.for("@whileai/cli/CliError")]: true, exitCode: 1 });
    expect(CliError.isInstance(foreign)).toBe(true);
    expect(CliError.isInstance(new Error("x"))).toBe(false);
  });

  it("prints the packages' user-facing errors as they are, from this copy of a package or another", async () => {
    const message = "GET http://127.0.0.1:8787/datasets -> 401: invalid API key";
    expect(await describeError(new PlatformError(message, { status: 401 }))).toEqual({ message, exitCode: 1 });
    // The built module under a URL of its own: a second copy of @whileai/platform's error, as a dual install gives.
    const built = new URL("../../../packages/platform/dist/platform-error.js?second-copy", import.meta.url).href;
    const copy = (await import(built)) as typeof import("@whileai/platform");
    const foreign = new copy.PlatformError(message, { status: 401 });
    expect(foreign).not.toBeInstanceOf(PlatformError);
    expect(await describeError(foreign)).toEqual({ message, exitCode: 1 });
  });

  it("treats a plain Error that only has a package error's name as unexpected", async () => {
    const impostor = Object.assign(new Error("traces.otlp.json: OTLP JSON: line 3, column 5: unexpected token"), { name: "OtlpDecodeError" });
    expect(await describeError(impostor)).toEqual({ message: `OtlpDecodeError: ${impostor.message}`, exitCode: 1, hint: HINT });
  });

  it("keeps one line and adds the WAI_DEBUG hint for anything unexpected", async () => {
    const described = await describeError(new TypeError("cannot read x\n    at somewhere"));
    expect(described).toEqual({ message: "TypeError: cannot read x", exitCode: 1, hint: HINT });
  });

  it("reports an abort as an interruption", async () => {
    const abort = new Error("interrupted by SIGINT");
    abort.name = "AbortError";
    expect(await describeError(abort)).toEqual({ message: "interrupted", exitCode: INTERRUPTED_EXIT_CODE });
  });
});
