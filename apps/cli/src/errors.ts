/**
 * The two errors a command throws on purpose. Anything else that escapes a command is a bug or
 * an environment failure; `describeError` still turns it into one line so users never see a stack
 * unless they ask for it with `WAI_DEBUG=1`.
 */

const cliMarker = Symbol.for("@whileai/cli/CliError");

/** Something about the data or the environment is wrong (missing file, bad row, server said no): exit 1. */
export class CliError extends Error {
  // The marker survives two copies of this module in one process, where `instanceof` does not.
  private readonly [cliMarker] = true;
  override readonly name: string = "CliError";
  readonly exitCode: number = 1;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }

  static isInstance(error: unknown): error is CliError {
    return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[cliMarker] === true;
  }
}

/** The command line itself is wrong (bad option value, conflicting flags): exit 2, like commander's own parse errors. */
export class UsageError extends CliError {
  override readonly name: string = "UsageError";
  override readonly exitCode: number = 2;
}

/** Exit code when the user interrupts with Ctrl-C (128 + SIGINT), as shells expect. */
export const INTERRUPTED_EXIT_CODE = 130;

export interface DescribedError {
  /** One line for stderr, without the `wai: ` prefix. */
  message: string;
  exitCode: number;
  /** Set for unexpected errors: a second line telling how to see the stack. */
  hint?: string;
}

/**
 * The one line to print for an error that reached the top. The packages' own errors (every
 * `WhileaiError`: `TraceReadError`, `OtlpDecodeError`, `PlatformError`, ...) are thrown for bad
 * input or a refusing server and already name the file, line or field in their message, so their
 * message is the line; only truly unexpected errors get the `WAI_DEBUG` hint.
 */
export async function describeError(error: unknown): Promise<DescribedError> {
  if (CliError.isInstance(error)) return { message: oneLine(error.message), exitCode: error.exitCode };
  if (isAbort(error)) return { message: "interrupted", exitCode: INTERRUPTED_EXIT_CODE };
  // Loaded here, not at startup, so `--help` stays light; a package that threw is loaded already.
  const { isWhileaiError } = await import("@whileai/traces");
  if (isWhileaiError(error)) return { message: oneLine(error.message), exitCode: 1 };
  if (error instanceof Error) {
    const code = "code" in error ? String(error.code) : "";
    if (code === "ENOENT" || code === "EACCES" || code === "EISDIR" || code === "EPIPE") {
      return { message: oneLine(error.message), exitCode: 1 };
    }
    return { message: oneLine(`${error.name}: ${error.message}`), exitCode: 1, hint: "set WAI_DEBUG=1 to see the stack" };
  }
  return { message: oneLine(String(error)), exitCode: 1, hint: "set WAI_DEBUG=1 to see the stack" };
}

export function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || (error as { code?: unknown }).code === "ABORT_ERR");
}

/** Keep the first line only: stderr gets exactly one line per error. */
function oneLine(message: string): string {
  const trimmed = message.trim();
  const newline = trimmed.indexOf("\n");
  return newline === -1 ? trimmed : trimmed.slice(0, newline);
}
