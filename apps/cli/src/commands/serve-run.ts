/** What `wai serve` does once its command line is parsed: start the local platform, print how to reach it, stop on Ctrl-C. */
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { createPlatformServer } from "@whileai/platform-server";
import { DEV_ACCOUNT, hubFromEnv, localSecrets } from "@whileai/platform-server/local-secrets";
import { currentIo } from "../io.js";
import { note, writeJson, writeText } from "../output.js";
import { interruptSignal } from "../signals.js";
import type { ServeOptions } from "./serve.js";
import { listenError, untilAborted } from "./servers.js";

export async function runServe(options: ServeOptions): Promise<void> {
  const { env, cwd } = currentIo();
  const dataDir = resolve(cwd, options.dataDir ?? env["WHILEAI_SERVER_DATA"] ?? join(env["HOME"] || homedir(), ".whileai", "server"));
  const { signingKey, devKey } = localSecrets(dataDir, { signingKey: env["WHILEAI_SIGNING_KEY"] });
  const hub = hubFromEnv(env);
  const interrupt = interruptSignal();
  try {
    const server = await createPlatformServer({ dataDir, signingKey, hub, port: options.port, host: options.host }).catch((error: unknown) =>
      listenError(error, "the local platform", options.host, options.port),
    );
    server.ensureAccountKey(DEV_ACCOUNT, devKey);
    if (options.json) writeJson({ url: server.url, apiKey: devKey, dataDir, hfEndpoint: hub?.endpoint ?? null });
    else {
      writeText(
        [
          `whileai local platform on ${server.url} (data in ${dataDir})`,
          `dev API key: ${devKey}`,
          "use it from another shell:",
          `  export WHILEAI_API_URL=${server.url}`,
          `  export WHILEAI_API_KEY=${devKey}`,
        ].join("\n"),
      );
    }
    note(hub ? `Hugging Face routes push to ${hub.endpoint}` : "Hugging Face routes are off (501): set WHILEAI_HF_TOKEN (and WHILEAI_HF_ENDPOINT) to turn them on");
    note("Ctrl-C stops it");
    await untilAborted(interrupt.signal);
    await server.close();
    note("local platform stopped");
  } finally {
    interrupt.dispose();
  }
}
