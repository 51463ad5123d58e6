/**
 * Ctrl-C for long commands (leak scans, servers): the first SIGINT aborts the command's
 * AbortSignal so it can stop workers and close files; a second one exits at once.
 */
import { INTERRUPTED_EXIT_CODE } from "./errors.js";

/**
 * An AbortSignal that fires on the first SIGINT or SIGTERM. Call `dispose()` when the command
 * ends so the handlers do not outlive it (and a later Ctrl-C behaves normally again).
 */
export function interruptSignal(): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const onSignal = (name: NodeJS.Signals): void => {
    if (controller.signal.aborted) process.exit(INTERRUPTED_EXIT_CODE);
    const reason = new Error(`interrupted by ${name}`);
    reason.name = "AbortError";
    controller.abort(reason);
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
