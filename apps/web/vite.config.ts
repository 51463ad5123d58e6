import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { examplesPlugin } from "./build/examples-plugin.js";

/** The package a module comes from, without its scope (`flechette`, `hyparquet`, `otel`), or undefined for the app's own. */
function packageOf(id: string | null): string | undefined {
  if (id === null) return undefined;
  const at = id.lastIndexOf("/node_modules/");
  if (at < 0) return /\/packages\/([^/]+)\/(?:dist|src)\/index\.[jt]s$/.exec(id)?.[1];
  const parts = id.slice(at + "/node_modules/".length).split("/");
  return parts[0].startsWith("@") ? parts[1] : parts[0];
}

export default defineConfig({
  // Relative asset URLs: the build works from any folder of any static host.
  base: "./",
  plugins: [examplesPlugin(fileURLToPath(new URL("../../examples/", import.meta.url)))],
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  worker: { format: "es" },
  build: {
    target: "es2022",
    sourcemap: true,
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      output: {
        // A chunk loaded for one package (the table readers, loaded on demand) is named after it,
        // `hyparquet-compressors-<hash>.js` rather than `src-<hash>.js`, so the build says which is which.
        chunkFileNames: (chunk) => {
          const name = packageOf(chunk.facadeModuleId) ?? chunk.name;
          return `assets/${name}-[hash].js`;
        },
      },
    },
  },
});
