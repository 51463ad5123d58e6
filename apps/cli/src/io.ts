/**
 * The world one `wai` run talks to: its streams, environment, working directory and interrupt.
 * The binary runs with the process's own; tests run commands in process with their own
 * (`runCli(argv, io)`), so every read of process.stdout/stderr/stdin/env/cwd goes through
 * `currentIo()` instead.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { isAbsolute, resolve } from "node:path";
import type { Readable, Writable } from "node:stream";

/** An output stream as the CLI sees it; `isTTY`/`columns` decide whether progress bars are drawn. */
export type CliWritable = Writable & { isTTY?: boolean; columns?: number };

export interface CliIo {
  stdin: Readable & { isTTY?: boolean };
  stdout: CliWritable;
  stderr: CliWritable;
  env: Record<string, string | undefined>;
  /** What relative paths are resolved against. */
  cwd: string;
  /**
   * Aborts the run as Ctrl-C would (exit 130). Without it, SIGINT/SIGTERM of the process do
   * (`signals.ts`); with it, the process's signals are left alone, so an in-process run never exits the process.
   */
  interrupt?: AbortSignal;
}

const storage = new AsyncLocalStorage<CliIo>();

/**
 * The process's own streams, environment and directory: what the `wai` binary runs with. One
 * object, so per-run caches can key on it; getters, because Node opens process.stdin on first use.
 */
const PROCESS_IO: CliIo = {
  get stdin() {
    return process.stdin;
  },
  get stdout() {
    return process.stdout;
  },
  get stderr() {
    return process.stderr;
  },
  get env() {
    return process.env;
  },
  get cwd() {
    return process.cwd();
  },
};

export function processIo(): CliIo {
  return PROCESS_IO;
}

/** Run `fn` (and everything it starts) with `io`. */
export function withIo<T>(io: CliIo, fn: () => T): T {
  return storage.run(io, fn);
}

/** The io of the running command; the process's own outside `withIo`. */
export function currentIo(): CliIo {
  return storage.getStore() ?? processIo();
}

/** `path` as the file system needs it: relative paths are relative to the run's working directory. */
export function resolvePath(path: string): string {
  return isAbsolute(path) ? path : resolve(currentIo().cwd, path);
}
