import { defineConfig } from "vitest/config";

// Most tests run commands in process; the few that spawn the built binary (dist/bin.js) need
// `pnpm build` (or `tsc -p tsconfig.json`) first.
export default defineConfig({ test: { include: ["src/**/*.test.ts"], testTimeout: 60_000, hookTimeout: 60_000 } });
