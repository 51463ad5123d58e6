import { defineConfig } from "vitest/config";

// `pnpm test` runs every package's tests at once on CI's two cores, where work that takes under a
// second alone has taken many: no verdict may hang on a short limit. A hang still fails, later.
export default defineConfig({
  test: { include: ["src/**/*.test.ts", "test/**/*.test.ts"], testTimeout: 60_000, hookTimeout: 60_000, expect: { poll: { timeout: 30_000 } } },
});
