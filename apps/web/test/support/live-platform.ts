/**
 * The platform's live view's real parts: `wai serve --ui` as a child process (the CLI's built
 * binary on a fresh data directory, serving the explorer its build copied), an agent in a separate
 * process whose every conversation is one OpenTelemetry trace (a root span and its children)
 * exported span by span with the official OTLP/HTTP exporter and the account's key, and a reader
 * of the platform's `/traces/live` in Node: the rows the platform holds for each trace.
 */
import { spawn } from "node:child_process";
import { APP_DIR } from "./browser.js";
import { ensureCliExplorer, WAI } from "./live-receiver.js";

export interface LivePlatform {
  /** The page and the API: `http://127.0.0.1:<port>`. */
  origin: string;
  /** The dev API key `wai serve` printed. */
  apiKey: string;
  stderr(): string;
  /** SIGTERM, resolving with the exit code once the process has exited. */
  stop(): Promise<number | null>;
}

export async function startLivePlatform(dataDir: string): Promise<LivePlatform> {
  ensureCliExplorer();
  const child = spawn(process.execPath, [WAI, "serve", "--ui", "--port", "0", "--data-dir", dataDir, "--json"], {
    env: { PATH: process.env["PATH"], HOME: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // `--json` prints one JSON object (indented) once listening.
  const started = await new Promise<{ url: string; apiKey: string; explorer: string }>((resolve, reject) => {
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
      if (stdout.endsWith("}\n")) resolve(JSON.parse(stdout) as { url: string; apiKey: string; explorer: string });
    });
    child.once("exit", (code) => reject(new Error(`wai serve exited (${code}) before it listened: ${stderr}`)));
  });
  if (started.explorer !== `${started.url}/`) throw new Error(`wai serve --ui printed explorer ${started.explorer} for ${started.url}`);
  return {
    origin: started.url,
    apiKey: started.apiKey,
    stderr: () => stderr,
    stop: () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exit;
    },
  };
}

/**
 * Conversations `from` to `from + count - 1`, each one trace: a root span with a tool call (every
 * third one's tool fails) and a chat under it. SimpleSpanProcessor exports each span as it ends,
 * so each trace reaches the platform in three requests (tool, chat, root) and its rows are rebuilt
 * three times.
 */
const AGENT = `
import { context, trace } from "@opentelemetry/api";
import { BasicTracerProvider, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter())] });
const tracer = provider.getTracer("support-agent");
const user = (text) => JSON.stringify([{ role: "user", parts: [{ type: "text", content: text }] }]);
const said = (text) => JSON.stringify([{ role: "assistant", parts: [{ type: "text", content: text }] }]);
const from = Number(process.env.FROM), count = Number(process.env.COUNT);
for (let i = from; i < from + count; i++) {
  const id = "conv-" + String(i).padStart(3, "0");
  const root = tracer.startSpan("invoke_agent support", { attributes: { "gen_ai.conversation.id": id, "whileai.reward": i % 4 === 0 ? 0 : 1 } });
  const inside = trace.setSpan(context.active(), root);
  const tool = i % 2 === 0 ? "lookup_order" : "cancel_order";
  const result = i % 3 === 0 ? { error: "not_found" } : { status: "ok" };
  tracer.startSpan("execute_tool " + tool, { attributes: { "gen_ai.conversation.id": id, "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": tool, "gen_ai.tool.call.id": "c" + i, "gen_ai.tool.call.arguments": JSON.stringify({ order_id: "A-" + i }), "gen_ai.tool.call.result": JSON.stringify(result) } }, inside).end();
  tracer.startSpan("chat gpt-4o", { attributes: { "gen_ai.conversation.id": id, "gen_ai.operation.name": "chat", "gen_ai.input.messages": user("What about order A-" + i + "?"), "gen_ai.output.messages": said("Order A-" + i + " handled.") } }, inside).end();
  root.end();
}
await provider.forceFlush();
await provider.shutdown();
`;

export function runTraceAgent(origin: string, apiKey: string, from: number, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    // In this app's folder, where the OpenTelemetry API, SDK and exporter are dev dependencies.
    const child = spawn(process.execPath, ["--input-type=module", "-e", AGENT], {
      cwd: APP_DIR,
      env: {
        PATH: process.env["PATH"],
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${origin}/v1/traces`,
        OTEL_EXPORTER_OTLP_TRACES_HEADERS: `x-api-key=${apiKey}`,
        FROM: String(from),
        COUNT: String(count),
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 && stderr === "" ? resolve() : reject(new Error(`agent exited ${code}: ${stderr}`))));
  });
}

export interface PlatformStream {
  /** `trace` events received so far (a trace sent again counts again). */
  readonly events: number;
  /** Each trace's rows as last sent, in the order the traces last changed. */
  rows(): Map<string, unknown[]>;
  /** Resolves once `ready()` holds, checked after every event. */
  until(ready: () => boolean): Promise<void>;
  close(): void;
}

/** The platform's `/traces/live` read in Node with the key in its header, as the page reads it. */
export async function readPlatformStream(origin: string, apiKey: string): Promise<PlatformStream> {
  const abort = new AbortController();
  const response = await fetch(`${origin}/traces/live`, { headers: { "X-Api-Key": apiKey }, signal: abort.signal });
  if (response.status !== 200 || !response.body) throw new Error(`/traces/live answered ${response.status}`);
  const rows = new Map<string, unknown[]>();
  const waiters = new Set<() => void>();
  let events = 0;
  let failure: Error | null = null;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const lines = buffer.slice(0, end).split("\n");
          buffer = buffer.slice(end + 2);
          if (!lines.includes("event: trace")) continue;
          const change = JSON.parse(lines.find((line) => line.startsWith("data: "))!.slice(6)) as { trace: string; rows: unknown[] };
          rows.delete(change.trace);
          if (change.rows.length > 0) rows.set(change.trace, change.rows);
          events++;
        }
        for (const check of [...waiters]) check();
      }
    } catch (error) {
      failure = error as Error;
    }
    failure ??= new Error("the stream ended");
    for (const check of [...waiters]) check();
  })();
  return {
    get events() {
      return events;
    },
    rows: () => new Map(rows),
    until: (ready) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (ready()) {
            waiters.delete(check);
            resolve();
          } else if (failure && !abort.signal.aborted) {
            waiters.delete(check);
            reject(failure);
          }
        };
        waiters.add(check);
        check();
      }),
    close: () => abort.abort(),
  };
}
