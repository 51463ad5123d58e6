/** The connection options of a running platform command, turned into the client's request options. */
import { createNodeRuntime, setPlatformRuntime, type RequestOptions } from "@whileai/platform/node";
import type { ConnectionOptions } from "./connection.js";

/**
 * The request options of a call. `--api-url` installs a Node runtime whose environment says that
 * URL, so the client's own resolution (and nothing else) decides where requests go.
 */
export function connect(options: ConnectionOptions, signal?: AbortSignal): RequestOptions {
  if (options.apiUrl) setPlatformRuntime(createNodeRuntime({ env: { ...process.env, WHILEAI_API_URL: options.apiUrl } }));
  return { apiKey: options.apiKey || null, signal };
}
