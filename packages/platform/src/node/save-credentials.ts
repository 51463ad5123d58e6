/**
 * Writing the stored login: `credentials.json`, the file the client reads its key from after the
 * explicit key and the environment, and the one the Python SDK's `whileai login` writes, so one
 * login serves both SDKs. Only `api_key` is ours: every other key of the file is kept as it is.
 */
import { randomUUID } from "node:crypto";
import { mkdir, open, readFile, rename, rm } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { PlatformError } from "../platform-error.js";
import { defaultConfigDir, type NodeRuntimeOptions } from "./runtime.js";

/** Owner read and write only, as Python's login writes the file: it holds a secret. */
const FILE_MODE = 0o600;
/** A directory made for the file is the owner's alone too. */
const DIR_MODE = 0o700;

/**
 * Where the key is stored, exactly where the client (and the Python SDK) reads it:
 * `$WHILEAI_HOME/credentials.json` (else `$ZEROPROOF_HOME`), else `~/.whileai/credentials.json`, or
 * `~/.zeroproof/credentials.json` while only that older file exists.
 */
export function credentialsPath(options: NodeRuntimeOptions = {}): string {
  const env = options.env ?? process.env;
  // An empty value counts as unset, as the client's getenv reads these.
  const dir = env["WHILEAI_HOME"] || env["ZEROPROOF_HOME"] || defaultConfigDir(options.homeDir ?? homedir());
  return join(dir, "credentials.json");
}

/**
 * The file's object, `{}` when there is no file (or only whitespace). A file that is not a JSON
 * object is refused rather than overwritten: it may hold something its owner wants back.
 */
async function readStored(file: string): Promise<Record<string, unknown> | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  if (text.trim() === "") return {};
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new PlatformError(`${file} is not a JSON object, so it was left as it is: fix or remove it, then log in again`);
  }
  return data as Record<string, unknown>;
}

/** Replace `file` whole: a temporary file beside it, mode 0600, flushed, then renamed over it, so a reader never sees half a file. */
async function writeAtomically(file: string, data: Record<string, unknown>): Promise<void> {
  const dir = dirname(file);
  await mkdir(dir, { recursive: true, mode: DIR_MODE });
  const temp = join(dir, `.credentials.json.${process.pid}.${randomUUID()}.tmp`);
  try {
    const handle = await open(temp, "wx", FILE_MODE);
    try {
      await handle.writeFile(`${JSON.stringify(data, null, 2)}\n`);
      // The umask may have taken bits off the mode `open` asked for; the file ends exactly 0600.
      await handle.chmod(FILE_MODE);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** A key as a request header can carry it: not empty, no line breaks or other control characters. */
function checkKey(apiKey: unknown): string {
  if (typeof apiKey !== "string" || apiKey.trim() === "") throw new TypeError("saveApiKey: apiKey must be a non-empty string");
  if (/[\u0000-\u001f\u007f]/.test(apiKey)) throw new TypeError("saveApiKey: apiKey must be one line without control characters");
  return apiKey;
}

/**
 * Store `apiKey` as the login (`api_key` of the credentials file), keeping the file's other keys.
 * The directory is made if missing; the file is written atomically with mode 0600. Returns the path.
 */
export async function saveApiKey(apiKey: string, options: NodeRuntimeOptions = {}): Promise<string> {
  const key = checkKey(apiKey);
  const file = credentialsPath(options);
  const stored = (await readStored(file)) ?? {};
  await writeAtomically(file, { ...stored, api_key: key });
  return file;
}

export interface RemovedApiKey {
  /** The credentials file looked at. */
  path: string;
  /** Whether it held an `api_key` (now gone). */
  removed: boolean;
}

/**
 * Forget the stored login: `api_key` leaves the credentials file, its other keys stay; a file left
 * empty is deleted. A file the client could not read a key from is left untouched (`removed: false`).
 */
export async function removeApiKey(options: NodeRuntimeOptions = {}): Promise<RemovedApiKey> {
  const path = credentialsPath(options);
  let stored: Record<string, unknown> | null;
  try {
    stored = await readStored(path);
  } catch (error) {
    // Not a JSON object: the client reads no key from it, so there is none to remove.
    if (PlatformError.isInstance(error)) return { path, removed: false };
    throw error;
  }
  if (stored === null || !Object.hasOwn(stored, "api_key")) return { path, removed: false };
  const rest = { ...stored };
  delete rest["api_key"];
  if (Object.keys(rest).length === 0) await rm(path, { force: true });
  else await writeAtomically(path, rest);
  return { path, removed: true };
}
