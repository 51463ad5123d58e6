/**
 * Reading from the Hugging Face Hub through `@huggingface/hub`: who a token belongs to, a dataset
 * repo's files, one file's bytes. The local platform's hf routes use them; they are public so a
 * caller can check a repo before or after `hubPush`. Token and endpoint resolve as for `hubPush`,
 * except that reads need no token (public repos).
 */
import { downloadFile, listFiles, whoAmI } from "#huggingface-hub";
import { hubError, hubParams, type HubConnectionOptions } from "./hub-connection.js";
import { PlatformError } from "./platform-error.js";

export interface HubAccount {
  name: string;
  /** The account's own namespace, then its organisations'. */
  namespaces: string[];
  /** The token's role (`read`, `write`, …), when the Hub says. */
  scopes: string[];
}

export interface HubReadOptions extends HubConnectionOptions {
  /** Branch, tag or commit (default `main`). */
  revision?: string | null;
}

export interface HubFile {
  path: string;
  size: number;
}

/** Who the token belongs to (a token is required). */
export async function hubWhoAmI(options: HubConnectionOptions = {}): Promise<HubAccount> {
  const params = hubParams(options, true);
  try {
    const me = await whoAmI(params);
    const orgs = me.type === "user" ? me.orgs.map((o) => o.name) : [];
    const role = me.auth.accessToken?.role;
    return { name: me.name, namespaces: [me.name, ...orgs], scopes: role ? [role] : [] };
  } catch (error) {
    throw hubError(`Hugging Face whoami at ${params.hubUrl}`, error, options.signal);
  }
}

/** Every file of the dataset repo (recursively), in the Hub's order. */
export async function hubListFiles(repo: string, options: HubReadOptions = {}): Promise<HubFile[]> {
  const params = hubParams(options, false);
  const files: HubFile[] = [];
  try {
    const entries = listFiles({ ...params, repo: { type: "dataset", name: repo }, recursive: true, ...(options.revision && { revision: options.revision }) });
    for await (const entry of entries) if (entry.type === "file") files.push({ path: entry.path, size: entry.size });
  } catch (error) {
    throw hubError(`Hugging Face listing of ${repo}`, error, options.signal);
  }
  return files;
}

/** One file of the dataset repo as a Blob whose bytes are fetched when read; a missing file → `PlatformError` with status 404. */
export async function hubDownload(repo: string, path: string, options: HubReadOptions = {}): Promise<Blob> {
  const params = hubParams(options, false);
  const what = `Hugging Face download of ${path} from ${repo}`;
  let blob: Blob | null;
  try {
    blob = await downloadFile({ ...params, repo: { type: "dataset", name: repo }, path, xet: false, ...(options.revision && { revision: options.revision }) });
  } catch (error) {
    throw hubError(what, error, options.signal);
  }
  if (!blob) throw new PlatformError(`${what} -> 404: no such file`, { status: 404, detail: "no such file" });
  return blob;
}
