import { defineConfig } from "vitest/config";

// One Chromium at a time: the test files share the 2-core machine with the rest of the suite, where
// work that takes under a second alone has taken many: no verdict may hang on a short limit.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 30_000 } },
  },
});
