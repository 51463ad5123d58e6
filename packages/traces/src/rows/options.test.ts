import { describe, expect, it } from "vitest";
import { en } from "zod/locales";
import * as z from "zod/mini";
import { LeakageOptionsSchema } from "../leakage/leak-flags.js";
import { HttpEmbedderOptionsSchema } from "../leakage/http.js";
import { ReadJsonlOptionsSchema } from "../node/read-jsonl.js";
import { LoadOptionsSchema, parseOptions } from "./options.js";

/** The message parseOptions would give if zod's own English locale wrote each issue. */
function withZodEnglish(schema: z.ZodMiniType, options: unknown, fn: string): string {
  const parsed = schema.safeParse(options, { error: en().localeError });
  if (parsed.success) throw new Error(`expected ${JSON.stringify(options)} to fail`);
  const problems = parsed.error.issues.map((issue) =>
    issue.code === "unrecognized_keys"
      ? `unknown option ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}`
      : issue.path.length
        ? `option ${issue.path.join(".")}: ${issue.message}`
        : `options: ${issue.message}`,
  );
  return `${fn}: ${problems.join("; ")}`;
}

function thrown(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return (error as Error).message;
  }
  throw new Error("expected a TypeError");
}

class Custom {}

// Every issue kind zod's English wording covers for options, not only the ones our schemas raise today.
const OtherSchema = z.strictObject({
  mode: z.optional(z.literal("fast")),
  count: z.optional(z.number().check(z.minimum(1), z.maximum(9))),
  ratio: z.optional(z.number().check(z.gt(0), z.lt(1))),
});

describe("parseOptions", () => {
  it("words every issue as zod's English locale does, though zod/mini loads none", () => {
    const cases: [z.ZodMiniType, unknown][] = [
      [LoadOptionsSchema, 5],
      [LoadOptionsSchema, "x"],
      [LoadOptionsSchema, []],
      [LoadOptionsSchema, { reward_key: "x", foo: 1 }],
      [ReadJsonlOptionsSchema, { onInvalid: "warn" }],
      [ReadJsonlOptionsSchema, { onInvalid: 5, signal: "x" }],
      [ReadJsonlOptionsSchema, { signal: new Custom() }],
      [ReadJsonlOptionsSchema, { signal: Object.create(null) }],
      [ReadJsonlOptionsSchema, { signal: [] }],
      [ReadJsonlOptionsSchema, { signal: null }],
      [ReadJsonlOptionsSchema, { signal: 1n }],
      [ReadJsonlOptionsSchema, { signal: () => 1 }],
      [ReadJsonlOptionsSchema, { onSkip: 5 }],
      [LeakageOptionsSchema, { kernel: "gpu" }],
      [HttpEmbedderOptionsSchema, 5],
      [HttpEmbedderOptionsSchema, { baseUrl: 5, apiKey: null }],
      [HttpEmbedderOptionsSchema, { timeoutMs: 0, retryDelayMs: -1 }],
      [HttpEmbedderOptionsSchema, { timeoutMs: Number.NaN, retryDelayMs: -Infinity }],
      [HttpEmbedderOptionsSchema, { timeoutMs: Infinity, fetch: "x" }],
      [HttpEmbedderOptionsSchema, { base_url: "x" }],
      [OtherSchema, { mode: "slow" }],
      [OtherSchema, { count: 0 }],
      [OtherSchema, { count: 10 }],
      [OtherSchema, { ratio: 0 }],
      [OtherSchema, { ratio: 1 }],
    ];
    for (const [i, [schema, options]] of cases.entries()) {
      expect(thrown(() => parseOptions(schema, options, "fn")), `case ${i}`).toBe(withZodEnglish(schema, options, "fn"));
    }
  });

  it("names the function, the option and what was expected", () => {
    expect(thrown(() => parseOptions(ReadJsonlOptionsSchema, { onInvalid: "warn" }, "readJsonl"))).toBe(
      'readJsonl: option onInvalid: Invalid option: expected one of "throw"|"skip"',
    );
    expect(thrown(() => parseOptions(HttpEmbedderOptionsSchema, { timeoutMs: -1 }, "OpenAIEmbedder"))).toBe(
      "OpenAIEmbedder: option timeoutMs: Too small: expected number to be >0",
    );
    expect(thrown(() => parseOptions(LoadOptionsSchema, 5, "loadTraces"))).toBe("loadTraces: options: Invalid input: expected object, received number");
  });

  it("passes good options through and reads a missing object as empty", () => {
    expect(parseOptions(LoadOptionsSchema, undefined, "fn")).toEqual({});
    expect(parseOptions(LoadOptionsSchema, null, "fn")).toEqual({});
    expect(parseOptions(LoadOptionsSchema, { rewardKey: "score", threshold: 0.5 }, "fn")).toEqual({ rewardKey: "score", threshold: 0.5 });
  });
});
