/** The connection options of a running platform command, turned into the client's request options. */
import { createNodeRuntime, nodeRuntime, setPlatformRuntime, type PlatformRuntime, type RequestOptions } from "@whileai/platform/node";
import { currentIo, type CliIo } from "../../io.js";
import type { ConnectionOptions } from "./connection.js";

/**
 * What the client reads of its host in one run: the run's environment (with `--api-url` as
 * WHILEAI_API_URL) and the stored login under the run's HOME. Keyed by the run's io, so runs in
 * one process (tests) each see their own; requests share the Node runtime's connection pool.
 */
const hosts = new WeakMap<CliIo, PlatformRuntime>();

function hostOf(io: CliIo): PlatformRuntime {
  let host = hosts.get(io);
  if (host === undefined) hosts.set(io, (host = createHost(io)));
  return host;
}

function createHost(io: CliIo, apiUrl?: string): PlatformRuntime {
  const env = apiUrl ? { ...io.env, WHILEAI_API_URL: apiUrl } : io.env;
  // `|| undefined`: an empty HOME falls back to the user's, as os.homedir() does. Only env and
  // readCredentials of this runtime are used; its (idle) connection pool stays empty.
  return createNodeRuntime({ env, homeDir: io.env["HOME"] || undefined });
}

/** The client's runtime: whichever run is calling decides the environment and login. */
const runtime: PlatformRuntime = {
  env: (name) => hostOf(currentIo()).env(name),
  readCredentials: (configDir) => hostOf(currentIo()).readCredentials(configDir),
  send: (request) => nodeRuntime.send(request),
};

/**
 * The request options of a call. `--api-url` sets WHILEAI_API_URL for this run, so the client's
 * own resolution (and nothing else) decides where requests go.
 */
export function connect(options: ConnectionOptions, signal?: AbortSignal): RequestOptions {
  const io = currentIo();
  hosts.set(io, createHost(io, options.apiUrl));
  // Set on every call: something else in this process (a test's own client) may have installed another since.
  setPlatformRuntime(runtime);
  return { apiKey: options.apiKey || null, signal };
}
