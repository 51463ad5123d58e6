/** What the two long-running commands share (`wai serve`, `wai otel serve`): the port option, listen errors, waiting for Ctrl-C. */
import { InvalidArgumentError } from "commander";
import { CliError } from "../errors.js";

/** A TCP port, 0 to 65535 (0: the system picks a free one). */
export function parsePort(value: string): number {
  const port = Number(value);
  if (value.trim() === "" || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new InvalidArgumentError(`expected a port from 0 to 65535, got ${JSON.stringify(value)}`);
  }
  return port;
}

/** A listen failure as one line that says what to change. */
export function listenError(error: unknown, what: string, host: string, port: number): never {
  const code = (error as { code?: unknown }).code;
  if (code === "EADDRINUSE") throw new CliError(`cannot start ${what}: ${host}:${port} is already in use; pass --port (0 picks a free one)`, { cause: error });
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") throw new CliError(`cannot start ${what}: no interface ${host} on this machine; pass --host`, { cause: error });
  if (code === "EACCES") throw new CliError(`cannot start ${what}: not allowed to listen on ${host}:${port}; pass a --port above 1023`, { cause: error });
  throw error;
}

/** Resolves once the signal fires (SIGINT or SIGTERM through `interruptSignal`). */
export function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((done) => (signal.aborted ? done() : signal.addEventListener("abort", () => done(), { once: true })));
}
