import { defineConfig } from "vitest/config";

// `pnpm test` runs every package's tests at once on CI's two cores: property tests that take under
// a second alone have passed vitest's default 5 s there. A hang still fails, later.
export default defineConfig({ test: { include: ["src/**/*.test.ts", "test/**/*.test.ts"], testTimeout: 30_000 } });
