import { defineConfig } from "vitest/config";

// The scale suite (`pnpm test:scale`): one file at a time in its own process, so each memory bound
// is measured from a clean start. These tests assert memory and correctness, never speed. The
// team soak (scale/team-soak.test.ts) runs on a throwaway PostgreSQL cluster, started once.
export default defineConfig({
  test: {
    include: ["scale/**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
    globalSetup: ["src/testing/postgres-global-setup.ts"],
  },
});
