// Part of the CLI's build: the web explorer as `vite build` made it (apps/web/dist, built first:
// turbo's `web#build` in this package's turbo.json) copied into dist/ui, which `wai otel serve --ui`
// serves. Source maps are left out (the published CLI need not carry them). A missing build is
// an error naming the path, never a CLI that lacks its page.
import { cpSync, existsSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

const FROM = fileURLToPath(new URL("../../web/dist/", import.meta.url));
const TO = fileURLToPath(new URL("../dist/ui/", import.meta.url));

if (!existsSync(`${FROM}index.html`)) {
  console.error(`copy-explorer: ${FROM}index.html is missing: build the explorer first (npm run build from the repository root builds it before the CLI)`);
  process.exit(1);
}
rmSync(TO, { recursive: true, force: true });
cpSync(FROM, TO, { recursive: true, filter: (path) => !path.endsWith(".map") });
