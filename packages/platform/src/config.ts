/** Configuration and credential resolution, exactly as the Python SDK (platform-and-otel.md §1). */
import * as py from "@whileai/hash-embed/internal";
import { PlatformError } from "./platform-error.js";
import { platformRuntime } from "./runtime.js";

/** The hosted platform. */
export const DEFAULT_API_URL = "https://api.withwhile.com";

export const NO_CREDENTIAL_MESSAGE =
  "No credential. Run `whileai login`, or pass api_key=..., or set WHILEAI_DELEGATED_CREDENTIAL / WHILEAI_API_KEY.";

/** `WHILEAI_<name>`, then the older `ZEROPROOF_<name>`; an empty value counts as unset. */
export function getenv(name: string, fallback: string | null = null): string | null {
  const env = platformRuntime().env;
  return env(`WHILEAI_${name}`) || env(`ZEROPROOF_${name}`) || fallback;
}

/** The `apiUrl` option, else `WHILEAI_API_URL`, else the default; every trailing `/` stripped. */
export function apiUrl(explicit?: string | null): string {
  return (explicit || getenv("API_URL", DEFAULT_API_URL) || DEFAULT_API_URL).replace(/\/+$/, "");
}

/** The directory holding `credentials.json` when `WHILEAI_HOME` names one; null means the default. */
export function configDir(): string | null {
  return getenv("HOME");
}

/** `str(data["api_key"])` of the credentials file when truthy; an unreadable or non-object file counts as absent. */
export function storedApiKey(): string | null {
  const data = platformRuntime().readCredentials(configDir());
  if (!py.isDict(data)) return null;
  const key = data["api_key"];
  return py.truthy(key) ? py.pyStr(key) : null;
}

function findKey(apiKey: string | null | undefined): string | null {
  if (apiKey) return apiKey;
  return getenv("DELEGATED_CREDENTIAL") || getenv("API_KEY") || storedApiKey();
}

/** Explicit key, `WHILEAI_DELEGATED_CREDENTIAL`, `WHILEAI_API_KEY`, the stored login; else "No credential". */
export function resolveApiKey(apiKey?: string | null): string {
  const key = findKey(apiKey);
  if (key === null) throw new PlatformError(NO_CREDENTIAL_MESSAGE);
  return key;
}

/** Whether `resolveApiKey` would find a key (`pull` decides between the private and the public grant). */
export function hasApiKey(apiKey?: string | null): boolean {
  return findKey(apiKey) !== null;
}
