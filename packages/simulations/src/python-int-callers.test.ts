// Python's int() was written five ways (platform, format_cuts, otel, traces' options and
// exemplars) before they all called the one pyInt of @whileai/hash-embed/internal. Every function
// that called one of them still answers its recorded Python vectors exactly; the platform calls
// (datasets, agents, credentials) are replayed with their HTTP exchanges in
// packages/platform/src/platform-requests.test.ts.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { rowsFromOtel } from "@whileai/otel";
import { formatCuts } from "@whileai/platform";
import { behaviorState, dropLeakyRows, leakageReport, mineResultExemplars, splitPseudoProduction } from "@whileai/traces";
import { describe, expect, it } from "vitest";

const DIR = fileURLToPath(new URL("../../../../shared/conformance/", import.meta.url));

interface Vector {
  id: string;
  args: unknown[];
  kwargs?: Record<string, unknown>;
  out: unknown;
}

type Fn = (...args: never[]) => unknown;

/** fn name → the function, its required parameters and its optional ones in Python order (as ../shared/conformance/run.mjs maps them). */
const CALLERS: [string, Fn, string[], string[]][] = [
  ["format_cuts", formatCuts, ["report"], ["agent"]],
  ["rows_from_otel", rowsFromOtel, ["source"], ["reward_keys"]],
  ["behavior_state", behaviorState, ["rows"], ["targeted", "exploration", "min_support", "priority", "max_exploration"]],
  ["mine_result_exemplars", mineResultExemplars, ["rows"], ["per_tool", "max_chars"]],
  ["split_pseudo_production", splitPseudoProduction, ["rows"], ["fraction", "seed"]],
  ["leakage_report", leakageReport, ["generated", "sources"], ["threshold", "embedder", "examples"]],
  ["drop_leaky_rows", dropLeakyRows, ["rows", "sources"], ["threshold", "embedder", "examples"]],
];

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function callArgs(v: Vector, required: string[], optional: string[]): unknown[] {
  const positional = v.args.slice(0, required.length);
  const options: Record<string, unknown> = {};
  for (const [i, value] of v.args.slice(required.length).entries()) options[camel(optional[i])] = value;
  for (const [key, value] of Object.entries(v.kwargs ?? {})) {
    const at = required.indexOf(key);
    if (at >= 0) positional[at] = value;
    else options[camel(key)] = value;
  }
  return Object.keys(options).length > 0 ? [...positional, options] : positional;
}

/** The answer as JSON would carry it: a bigint timestamp is compared as the number Python wrote. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_, v: unknown) => (typeof v === "bigint" ? Number(v) : v)));

describe.skipIf(!existsSync(DIR))("the callers of Python's int() answer their vectors (needs ../shared next to the checkout)", () => {
  for (const [name, fn, required, optional] of CALLERS) {
    it(name, async () => {
      const vectors = readFileSync(`${DIR}${name}.jsonl`, "utf8")
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => JSON.parse(line) as Vector);
      expect(vectors.length).toBeGreaterThan(5);
      for (const v of vectors) {
        const args = callArgs(structuredClone(v), required, optional) as never[];
        const wantsError = typeof v.out === "object" && v.out !== null && Object.keys(v.out).length === 1 && "error" in v.out;
        if (wantsError) {
          await expect(Promise.resolve().then(() => fn(...args)), v.id).rejects.toThrow();
        } else {
          expect(asJson(await fn(...args)), v.id).toEqual(v.out);
        }
      }
    });
  }
});
