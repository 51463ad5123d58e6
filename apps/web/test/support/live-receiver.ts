/**
 * The live view's real parts: `wai otel serve --ui` as a child process (the CLI's built binary,
 * serving the explorer it copied from this app's dist/), an agent in a separate process exporting
 * spans with the official OpenTelemetry SDK and OTLP/HTTP exporter, and a TCP relay between the
 * browser and the receiver whose connections a test can cut, as a dropped network does.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { APP_DIR, DIST } from "./browser.js";

export const WAI = fileURLToPath(new URL("../../../cli/dist/bin.js", import.meta.url));
const CLI_UI = fileURLToPath(new URL("../../../cli/dist/ui/", import.meta.url));
const COPY_EXPLORER = fileURLToPath(new URL("../../../cli/scripts/copy-explorer.mjs", import.meta.url));

export interface LiveReceiver {
  /** The page: `http://127.0.0.1:<port>/`, without the trailing slash. */
  origin: string;
  /** OTEL_EXPORTER_OTLP_TRACES_ENDPOINT. */
  endpoint: string;
  stderr(): string;
  /** SIGTERM, resolving with the exit code once the process has exited. */
  stop(): Promise<number | null>;
}

/** Resolves with the match once the child's stderr shows `pattern`. */
function waitForStderr(child: ChildProcess, text: () => string, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(text());
      if (match) {
        child.stderr?.off("data", check);
        child.off("exit", exited);
        resolve(match);
      }
    };
    const exited = (code: number | null) => reject(new Error(`wai exited (${code}) before printing ${pattern}: ${text()}`));
    child.stderr?.on("data", check);
    child.once("exit", exited);
    check();
  });
}

/**
 * The CLI serves the explorer its build copied: it must be this build of the page (ensureBuilt
 * may have rebuilt dist/ since), so the copy step of the CLI's build runs again when it is not.
 */
export function ensureCliExplorer(): void {
  const same = () => existsSync(`${CLI_UI}index.html`) && readFileSync(`${CLI_UI}index.html`, "utf8") === readFileSync(`${DIST}index.html`, "utf8");
  if (!same()) execFileSync(process.execPath, [COPY_EXPLORER], { stdio: "inherit" });
  if (!same()) throw new Error(`${CLI_UI} still holds another build of the explorer than ${DIST}`);
}

export async function startLiveReceiver(out: string, idleMs: number, extra: string[] = []): Promise<LiveReceiver> {
  ensureCliExplorer();
  const child = spawn(process.execPath, [WAI, "otel", "serve", "--ui", "--port", "0", "--idle-ms", String(idleMs), "--out", out, ...extra], {
    env: { PATH: process.env["PATH"] },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const [, endpoint] = await waitForStderr(child, () => stderr, /OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=(\S+)\n/);
  const [, page] = await waitForStderr(child, () => stderr, /trace explorer, live: (\S+)\n/);
  return {
    origin: page!.replace(/\/$/, ""),
    endpoint: endpoint!,
    stderr: () => stderr,
    stop: () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exit;
    },
  };
}

/**
 * Conversations `from` to `from + count - 1`, each an agent turn with a tool call (every third one's
 * tool fails) and a grade, exported span by span (SimpleSpanProcessor) to `endpoint`.
 */
const AGENT = `
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
  const tool = i % 2 === 0 ? "lookup_order" : "cancel_order";
  const result = i % 3 === 0 ? { error: "not_found" } : { status: "ok" };
  tracer.startSpan("execute_tool " + tool, { attributes: { "gen_ai.conversation.id": id, "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": tool, "gen_ai.tool.call.id": "c" + i, "gen_ai.tool.call.arguments": JSON.stringify({ order_id: "A-" + i }), "gen_ai.tool.call.result": JSON.stringify(result) } }).end();
  tracer.startSpan("chat gpt-4o", { attributes: { "gen_ai.conversation.id": id, "gen_ai.operation.name": "chat", "gen_ai.input.messages": user("What about order A-" + i + "?"), "gen_ai.output.messages": said("Order A-" + i + " handled.") } }).end();
  root.end();
}
await provider.forceFlush();
await provider.shutdown();
`;

export function runAgent(endpoint: string, from: number, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    // In this app's folder, where the OpenTelemetry SDK and exporter are dev dependencies.
    const child = spawn(process.execPath, ["--input-type=module", "-e", AGENT], {
      cwd: APP_DIR,
      env: { PATH: process.env["PATH"], OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint, FROM: String(from), COUNT: String(count) },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 && stderr === "" ? resolve() : reject(new Error(`agent exited ${code}: ${stderr}`))));
  });
}

export interface Relay {
  origin: string;
  /** Cuts every connection and refuses new ones until `up()`. */
  down(): void;
  up(): void;
  /** Connections accepted so far. */
  readonly connections: number;
  close(): Promise<void>;
}

/** A TCP relay from a port of its own to `target` (an http://host:port origin). */
export async function startRelay(target: string): Promise<Relay> {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  let refusing = false;
  let connections = 0;
  const server: Server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    connections++;
    const upstream = createConnection({ host: hostname, port: Number(port) });
    for (const [a, b] of [[client, upstream], [upstream, client]] as const) {
      open.add(a);
      a.pipe(b);
      a.on("error", () => b.destroy());
      a.on("close", () => {
        open.delete(a);
        b.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    down() {
      refusing = true;
      for (const socket of open) socket.destroy();
    },
    up() {
      refusing = false;
    },
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
