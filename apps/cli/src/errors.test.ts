import { describe, expect, it } from "vitest";
import { CliError, describeError, INTERRUPTED_EXIT_CODE, UsageError } from "./errors.js";

describe("describeError", () => {
  it("gives exit 1 for CliError and 2 for UsageError, without a hint", () => {
    expect(describeError(new CliError("data.jsonl:3: invalid JSON"))).toEqual({ message: "data.jsonl:3: invalid JSON", exitCode: 1 });
    expect(describeError(new UsageError("bad --shard"))).toEqual({ message: "bad --shard", exitCode: 2 });
  });

  it("recognises a CliError from another copy of the module by its marker", () => {
    const foreign = Object.assign(new Error("x"), { [Symbol.for("whileai.cli.CliError")]: true, exitCode: 1 });
    expect(CliError.isInstance(foreign)).toBe(true);
    expect(CliError.isInstance(new Error("x"))).toBe(false);
  });

  it("prints the packages' user-facing errors as they are", () => {
    const error = new Error("traces.otlp.json: OTLP JSON: line 3, column 5: unexpected token");
    error.name = "OtlpDecodeError";
    expect(describeError(error)).toEqual({ message: error.message, exitCode: 1 });
  });

  it("keeps one line and adds the WAI_DEBUG hint for anything unexpected", () => {
    const described = describeError(new TypeError("cannot read x\n    at somewhere"));
    expect(described).toEqual({ message: "TypeError: cannot read x", exitCode: 1, hint: "set WAI_DEBUG=1 to see the stack" });
  });

  it("reports an abort as an interruption", () => {
    const abort = new Error("interrupted by SIGINT");
    abort.name = "AbortError";
    expect(describeError(abort)).toEqual({ message: "interrupted", exitCode: INTERRUPTED_EXIT_CODE });
  });
});
