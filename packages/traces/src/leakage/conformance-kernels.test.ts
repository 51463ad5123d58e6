// The recorded Python answers for leakage_report and drop_leaky_rows, replayed with each scan
// kernel forced (the conformance runner only exercises "auto"). Numbers must match exactly.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { dropLeakyRows } from "./drop-leaky-rows.js";
import { leakageReport } from "./leakage-report.js";

const dir = fileURLToPath(new URL("../../../../../shared/conformance/", import.meta.url));

interface Vector {
  id: string;
  args: unknown[];
  kwargs?: Record<string, unknown>;
  out: unknown;
}

function vectors(name: string): Vector[] {
  return readFileSync(`${dir}${name}.jsonl`, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Vector);
}

type Fn = (a: unknown, b: unknown, options: Record<string, unknown>) => unknown;
const FUNCTIONS: [string, Fn][] = [
  ["leakage_report", leakageReport as Fn],
  ["drop_leaky_rows", dropLeakyRows as Fn],
];

describe.skipIf(!existsSync(dir))("conformance vectors with each scan kernel (needs ../shared next to the checkout)", () => {
  for (const [name, fn] of FUNCTIONS) {
    for (const kernel of ["wasm", "ts"] as const) {
      test(`${name}, kernel ${kernel}`, async () => {
        const all = vectors(name);
        expect(all.length).toBeGreaterThan(10);
        for (const v of all) {
          const [first, second, ...rest] = v.args;
          const options: Record<string, unknown> = { kernel };
          ["threshold", "embedder", "examples"].forEach((key, i) => {
            if (i < rest.length) options[key] = rest[i];
          });
          Object.assign(options, v.kwargs ?? {});
          const wantsError = v.out !== null && typeof v.out === "object" && "error" in (v.out as object) && Object.keys(v.out as object).length === 1;
          let got: unknown;
          try {
            got = await fn(first, second, options);
          } catch (error) {
            if (wantsError) continue;
            throw new Error(`${v.id}: threw ${String(error)}`);
          }
          if (wantsError) throw new Error(`${v.id}: expected ${JSON.stringify(v.out)}, got a value`);
          expect(JSON.parse(JSON.stringify(got)), v.id).toEqual(v.out);
        }
      });
    }
  }
});
