import { defineConfig } from "vitest/config";

// One Chromium at a time: the test files share the 2-core machine with the rest of the suite.
export default defineConfig({
  test: { include: ["test/**/*.test.ts"], environment: "node", fileParallelism: false, testTimeout: 60_000, hookTimeout: 60_000 },
});
