/** What Node computes on the same files with the packages' Node entries: the numbers the page must show. */
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { readOtlpFile } from "@whileai/otel/node";
import { rowsFromOtel } from "@whileai/otel";
import { inferHarness, loadTraces, readJsonl, traceReport, type ToolSchema, type TraceReport } from "@whileai/traces/node";
import { readTraces, TraceReadError, type SourceReport } from "@whileai/ingest";
import { TRACE_FILE } from "../../build/examples-plugin.js";

/** Every trace file the app bundles (build/examples-plugin.ts's rule). */
export function exampleFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(at, entry.name);
      if (entry.isDirectory() && entry.name !== "generator") walk(path);
      else if (entry.isFile() && TRACE_FILE.test(entry.name)) out.push(relative(dir, path).split(sep).join("/"));
    }
  };
  walk(dir);
  return out;
}

/** Rows as the file holds them: JSONL values, or rows of all the OTLP objects read together. */
export async function rawRows(path: string): Promise<unknown[]> {
  if (/\.otlp\./.test(path)) {
    const objects: { resourceSpans?: unknown[] }[] = [];
    for await (const otlp of readOtlpFile(path)) objects.push(otlp as { resourceSpans?: unknown[] });
    return rowsFromOtel({ resourceSpans: objects.flatMap((o) => o.resourceSpans ?? []) });
  }
  const rows: unknown[] = [];
  for await (const row of readJsonl(path)) rows.push(row);
  return rows;
}

export interface LabelOptions {
  rewardKey?: string;
  threshold?: number;
}

/** `traceReport` aimed at the tools the traces show, as the page (and `pnpm start`) computes it. */
export function referenceReport(raw: unknown[], labels: LabelOptions): TraceReport {
  const tools = inferHarness(loadTraces(raw, labels)).tools as unknown as ToolSchema[];
  return traceReport(raw, { ...labels, tools });
}

/** What the front door makes of the same bytes in Node, read with the options the explorer passes it. */
export async function frontDoor(name: string, bytes: Uint8Array): Promise<{ rows: unknown[]; report: SourceReport }> {
  return readTraces(bytes, { name, raw: true, onInvalid: "skip" });
}

/** The front door's verdict on bytes it cannot read (the test fails if it reads them). */
export async function frontDoorError(name: string, bytes: Uint8Array): Promise<TraceReadError> {
  try {
    await frontDoor(name, bytes);
  } catch (error) {
    if (TraceReadError.isInstance(error)) return error;
    throw error;
  }
  throw new Error(`${name}: the front door read it; the test expects it to fail`);
}
