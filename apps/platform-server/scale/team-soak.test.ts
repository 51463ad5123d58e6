/**
 * The team soak: two server processes (`node dist/main.js`) on one PostgreSQL and one blob folder,
 * two client processes (soak-client.mjs) sending mixed traffic to both for WHILEAI_SOAK_ROUNDS
 * rounds each (default 1,000): pushes, pulls, OTLP ingest, scores, cut reports and cuts. No
 * request may fail, no dataset may be lost or listed twice, and each server's RSS at the end stays
 * within 1.5 times the highest it reached while the clients did their first fifth of the rounds:
 * a leak grows past it, V8's heap breathing within it does not. Bounded by rounds, not time, so a
 * slow machine does the same work.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createNodeRuntime, datasets, setPlatformRuntime } from "@whileai/platform/node";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { report } from "../src/testing/report.js";
import { scratchDir } from "../src/testing/scratch-server.js";
import { freshSchemaUrl } from "../src/testing/test-store.js";

const ROUNDS = Number(process.env["WHILEAI_SOAK_ROUNDS"] ?? 1000);
const MAIN = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const CLIENT = fileURLToPath(new URL("./soak-client.mjs", import.meta.url));

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** The process's resident set, from /proc (Linux, as CI is). */
function rssBytes(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb[1]) * 1024;
}

/** A server process; resolves once it prints its URL and dev key. */
async function startServer(database: string, dataDir: string): Promise<{ child: ChildProcess; url: string; devKey: string }> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, WHILEAI_DATABASE_URL: database, WHILEAI_SERVER_DATA: dataDir, PORT: "0", HOST: "127.0.0.1", WHILEAI_SIGNING_KEY: "" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  let out = "";
  const started = new Promise<{ url: string; devKey: string }>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /on (http:\/\/127\.0\.0\.1:\d+) .*\ndev API key: (\S+)\n/.exec(out);
      if (m) resolve({ url: m[1]!, devKey: m[2]! });
    });
    child.once("exit", (code) => reject(new Error(`the server exited (${code}) before it listened:\n${out}`)));
  });
  return { child, ...(await started) };
}

interface ClientSummary {
  name: string;
  rounds: number;
  done: Record<string, number>;
  errors: string[];
  made: string[];
}

/** A client process; `onSettled` is called when it has done a fifth of its rounds. */
async function runClient(name: string, apiKey: string, urls: string[], onSettled: () => void): Promise<ClientSummary> {
  const child = spawn(process.execPath, [CLIENT, name, String(ROUNDS), apiKey, ...urls], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    const settledBefore = out.startsWith("settled\n");
    out += chunk.toString();
    if (!settledBefore && out.startsWith("settled\n")) onSettled();
  });
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`client ${name} exited ${code}:\n${out}`);
  return JSON.parse(out.replace(/^settled\n/, "")) as ClientSummary;
}

const MB = 1024 ** 2;

describe("two servers on one PostgreSQL under mixed traffic from two clients", () => {
  it(`${ROUNDS} rounds a client: no error, every dataset listed once, each server's RSS flat after the first fifth`, async () => {
    const database = await freshSchemaUrl();
    const dataDir = scratchDir("wai-soak-");
    const [a, b] = await Promise.all([startServer(database, dataDir), startServer(database, dataDir)]);
    expect(b.devKey).toBe(a.devKey);
    const urls = [a.url, b.url];

    // Sampled once a second: the highest RSS while the clients do their first fifth (until both
    // have said so), and the highest over the whole run.
    const early = [0, 0];
    const peaks = [0, 0];
    let settledClients = 0;
    const sample = () => {
      for (const [i, s] of [a, b].entries()) {
        const rss = rssBytes(s.child.pid!);
        peaks[i] = Math.max(peaks[i]!, rss);
        if (settledClients < 2) early[i] = Math.max(early[i]!, rss);
      }
    };
    const onSettled = () => {
      sample();
      settledClients++;
    };
    const sampler = setInterval(sample, 1000);
    let summaries: ClientSummary[];
    try {
      summaries = await Promise.all([runClient("one", a.devKey, urls, onSettled), runClient("two", a.devKey, [...urls].reverse(), onSettled)]);
    } finally {
      clearInterval(sampler);
    }
    expect(settledClients).toBe(2);
    const atEnd = [a, b].map((s) => rssBytes(s.child.pid!));

    expect(summaries.flatMap((s) => s.errors)).toEqual([]);
    const made = summaries.flatMap((s) => s.made);
    expect(new Set(made).size).toBe(made.length);
    setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: a.url } }));
    for (const url of urls) {
      const listed = ((await datasets({ apiKey: a.devKey, apiUrl: url })) as { datasets: { datasetId: string }[] }).datasets.map((d) => d.datasetId);
      expect(listed.length).toBe(made.length);
      expect(new Set(listed)).toEqual(new Set(made));
    }
    // One run per conversation, though its spans went to both servers at once.
    const db = new pg.Client({ connectionString: database });
    await db.connect();
    const runs = await db.query<{ traces: string; runs: string }>("SELECT (SELECT COUNT(*) FROM traces) AS traces, (SELECT COUNT(*) FROM runs) AS runs");
    await db.end();
    const ingests = summaries.reduce((n, s) => n + s.done["ingests"]!, 0);
    expect(runs.rows[0]).toEqual({ traces: String(ingests), runs: String(ingests) });

    const totals = Object.fromEntries(Object.keys(summaries[0]!.done).map((k) => [k, summaries.reduce((n, s) => n + s.done[k]!, 0)]));
    report(
      `team soak ${ROUNDS} rounds a client, 2 servers + 2 clients on PostgreSQL: ${Object.entries(totals)
        .map(([k, n]) => `${n} ${k}`)
        .join(", ")}; ${made.length} datasets listed once each by both servers; RSS MB, highest in the first fifth → end (peak): ${early
        .map((r, i) => `${(r / MB).toFixed(0)} → ${(atEnd[i]! / MB).toFixed(0)} (${(peaks[i]! / MB).toFixed(0)})`)
        .join(", ")}`,
    );
    for (const [i, r] of atEnd.entries()) expect(r, `server ${i} RSS`).toBeLessThanOrEqual(1.5 * early[i]!);
  });
});
