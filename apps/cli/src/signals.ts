/**
 * Ctrl-C for long commands (leak scans, servers): the first SIGINT aborts the command's
 * AbortSignal so it can stop workers and close files; a second one exits at once. A run given
 * its own `interrupt` (an in-process run, `io.ts`) listens to that instead and never exits the process.
 */
import { INTERRUPTED_EXIT_CODE } from "./errors.js";
import { currentIo } from "./io.js";

/**
 * An AbortSignal that fires on the first SIGINT or SIGTERM (or the io's `interrupt`). Call
 * `dispose()` when the command ends so the handlers do not outlive it (and a later Ctrl-C behaves
 * normally again).
 */
export function interruptSignal(): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const abort = (by: string): void => {
    const reason = new Error(`interrupted by ${by}`);
    reason.name = "AbortError";
    controller.abort(reason);
  };
  const given = currentIo().interrupt;
  if (given !== undefined) {
    const onAbort = (): void => abort("the caller");
    if (given.aborted) onAbort();
    else given.addEventListener("abort", onAbort, { once: true });
    return { signal: controller.signal, dispose: () => given.removeEventListener("abort", onAbort) };
  }
  const onSignal = (name: NodeJS.Signals): void => {
    if (controller.signal.aborted) process.exit(INTERRUPTED_EXIT_CODE);
    abort(name);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}
