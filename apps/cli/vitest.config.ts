import { defineConfig } from "vitest/config";

// Most tests run commands in process; the few that spawn the built binary (dist/bin.js) need
// `pnpm build` (or `tsc -p tsconfig.json`) first. `*.postgres.test.ts` (`wai serve --database`)
// run in the `postgres` project, on a throwaway cluster started once for the run by the
// platform server's test helper.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "cli", include: ["src/**/*.test.ts"], exclude: ["**/node_modules/**", "src/**/*.postgres.test.ts"] } },
      {
        extends: true,
        test: { name: "postgres", include: ["src/**/*.postgres.test.ts"], globalSetup: ["../platform-server/src/testing/postgres-global-setup.ts"] },
      },
    ],
  },
});
