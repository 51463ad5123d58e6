import { defineConfig } from "vitest/config";

// Tests spawn the built binary (dist/bin.js): `pnpm build` (or `tsc -p tsconfig.json`) first.
export default defineConfig({ test: { include: ["src/**/*.test.ts"], testTimeout: 60_000 } });
