import { defineConfig } from "vitest/config";

// `pnpm test` runs every package's tests at once on CI's two cores, where work that takes under a
// second alone has taken many: no verdict may hang on a short limit. A hang still fails, later.
// Every test runs twice: on the embedded store (SQLite) and on PostgreSQL, a throwaway cluster
// started once for the run (src/testing/postgres-global-setup.ts) with a schema per test.
// `*.postgres.test.ts` (a team deployment: servers sharing one database) run on PostgreSQL only.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 30_000 } },
    projects: [
      { extends: true, test: { name: "sqlite", exclude: ["**/node_modules/**", "src/**/*.postgres.test.ts"] } },
      { extends: true, test: { name: "postgres", globalSetup: ["src/testing/postgres-global-setup.ts"], provide: { testStore: "postgres" } } },
    ],
  },
});
