/** Whether the account has a Hugging Face connection (§4.18). */
import { call } from "./http/call.js";
import { checkReply } from "./http/reply.js";
import { HfStatusSchema, type HfStatus } from "./replies.js";
import { requestOptions, type RequestOptions } from "./request-options.js";

/** `GET /hf/me`: `{connected, username, namespaces, scopes}`. */
export async function hfStatus(options: RequestOptions = {}): Promise<HfStatus> {
  return checkReply(HfStatusSchema, await call("GET", "/hf/me", requestOptions(options)), "GET /hf/me");
}
