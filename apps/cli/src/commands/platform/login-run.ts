/** What `wai login` does once its command line is parsed: read the key, store it (or remove it), say where. */
import { removeApiKey, saveApiKey, type NodeRuntimeOptions } from "@whileai/platform/node";
import { currentIo, type CliIo } from "../../io.js";
import { warn, writeJson, writeText } from "../../output.js";
import { keyFromPrompt, keyFromStdin } from "./key-input.js";
import type { LoginOptions } from "./login.js";

/** Where the run's client looks for the login: its environment and HOME, as `connect.ts` gives them. */
function fileOptions(io: CliIo): NodeRuntimeOptions {
  // `|| undefined`: an empty HOME falls back to the user's, as os.homedir() does.
  return { env: io.env, homeDir: io.env["HOME"] || undefined };
}

/** The environment credentials the client takes before the stored key, by the name they are set under. */
function credentialsInEnvironment(io: CliIo): string[] {
  const set: string[] = [];
  for (const name of ["DELEGATED_CREDENTIAL", "API_KEY"]) {
    const found = [`WHILEAI_${name}`, `ZEROPROOF_${name}`].find((variable) => io.env[variable]);
    if (found !== undefined) set.push(found);
  }
  return set;
}

async function login(io: CliIo, options: LoginOptions): Promise<void> {
  const key = io.stdin.isTTY ? await keyFromPrompt(io) : await keyFromStdin(io.stdin);
  const path = await saveApiKey(key, fileOptions(io));
  for (const variable of credentialsInEnvironment(io)) warn(`${variable} is set: platform commands use it before the stored key`);
  if (options.json) writeJson({ path, stored: true });
  else writeText(`stored the API key in ${path}`);
}

async function logout(io: CliIo, options: LoginOptions): Promise<void> {
  const { path, removed } = await removeApiKey(fileOptions(io));
  for (const variable of credentialsInEnvironment(io)) warn(`${variable} is still set: platform commands keep using it`);
  if (options.json) writeJson({ path, removed });
  else writeText(removed ? `removed the stored API key from ${path}` : `no API key was stored in ${path}`);
}

export async function runLogin(options: LoginOptions): Promise<void> {
  const io = currentIo();
  if (options.logout) await logout(io, options);
  else await login(io, options);
}
