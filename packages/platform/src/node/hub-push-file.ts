/** `hubPushFile`: a file on disk to a Hugging Face dataset repo, read from disk as the upload goes (never whole in memory). */
import { openAsBlob } from "node:fs";
import { basename } from "node:path";
import { hubPush, type HubPushOptions, type HubPushResult } from "../hub-push.js";
import { PlatformError } from "../platform-error.js";

/** Pushes the file at `path` to `repo`; its path in the repo defaults to `data/<file name>`. */
export async function hubPushFile(path: string, repo: string, options: HubPushOptions = {}): Promise<HubPushResult> {
  let blob: Blob;
  try {
    blob = await openAsBlob(path);
  } catch (error) {
    throw new PlatformError(`hubPushFile: cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  return hubPush(blob, repo, { ...options, path: options.path ?? `data/${basename(path)}` });
}
