/**
 * Owned by the platform helper (issue 6), who replaces this file with the real command(s).
 * Until then it registers nothing, so `wai` builds without it.
 */
import type { Command } from "commander";

export function register(_program: Command): void {}
