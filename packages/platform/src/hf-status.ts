/** Whether the account has a Hugging Face connection (§4.18). */
import { call } from "./http/call.js";
import type { RequestOptions } from "./request-options.js";

/** `GET /hf/me`: `{connected, username, namespaces, scopes}`. */
export async function hfStatus(options: RequestOptions = {}): Promise<unknown> {
  return call("GET", "/hf/me", options);
}
