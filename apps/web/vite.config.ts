import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { examplesPlugin } from "./build/examples-plugin.js";

export default defineConfig({
  // Relative asset URLs: the build works from any folder of any static host.
  base: "./",
  plugins: [examplesPlugin(fileURLToPath(new URL("../../examples/", import.meta.url)))],
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  worker: { format: "es" },
  build: { target: "es2022", sourcemap: true, chunkSizeWarningLimit: 1024 },
});
