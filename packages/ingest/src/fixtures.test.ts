// Every fixture of fixtures/ (real emitters' captures, and files written from emitters'
// documentation) through the front door: its format told by content alone, read without error,
// and for OpenTelemetry the same rows the OTel reader gives. What each family's rows hold is
// asserted by the family's own tests (packages/otel/src/captures, src/readers).
import { readdirSync, readFileSync } from "node:fs";
import { rowsFromOtel } from "@whileai/otel";
import { loadTraces } from "@whileai/traces";
import { describe, expect, it } from "vitest";
import { detectFormat } from "./index.js";
import { readTracesFile } from "./node/index.js";

const ROOT = new URL("../../../fixtures/", import.meta.url);

/** The format each family's files are, by the file's name where a family writes two kinds. */
const FORMATS: Record<string, (file: string) => string> = {
  "claude-code": (file) => (file.startsWith("stream") ? "claude-stream-json" : "claude-code-jsonl"),
  "openai-responses": () => "openai-responses",
  "openai-agents": (file) => (file.startsWith("state") ? "openai-agents-run-state" : "openai-responses"),
};
const otlp = (file: string): string => (file.endsWith(".otlp.json") ? "otlp-json" : file.endsWith(".jsonl") ? "messages-jsonl" : "unknown");

const files = ["captures", "documented"].flatMap((kind) =>
  readdirSync(new URL(`${kind}/`, ROOT)).flatMap((family) =>
    readdirSync(new URL(`${kind}/${family}/`, ROOT))
      .filter((file) => !file.endsWith(".md"))
      .map((file) => ({ family, file, path: new URL(`${kind}/${family}/${file}`, ROOT) })),
  ),
);

describe("every fixture through the front door", () => {
  it("has fixtures to read", () => {
    expect(files.length).toBeGreaterThan(10);
  });

  for (const { family, file, path } of files) {
    it(`${family}/${file}`, async () => {
      const expected = (FORMATS[family] ?? otlp)(file);
      const bytes = readFileSync(path);
      expect(detectFormat(bytes)).toBe(expected);
      const { rows, report } = await readTracesFile(path.pathname);
      expect(report.format).toBe(expected);
      expect(rows.length).toBeGreaterThan(0);
      expect(report.dropped.invalid_lines + report.dropped.not_object + report.dropped.no_signal).toBe(0);
      if (expected === "otlp-json") expect(rows).toEqual(loadTraces(rowsFromOtel(JSON.parse(bytes.toString("utf8")))));
    });
  }
});
