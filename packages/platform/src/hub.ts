/**
 * `@whileai/platform/hub`: push rows or files to a Hugging Face dataset repo with the user's own
 * token, and read them back. A separate entry because `@huggingface/hub` is about 130 KB minified:
 * the platform client's main entry should not carry it for users who never touch the Hub.
 */
export { DEFAULT_HUB_ENDPOINT, hubEndpoint } from "./hub-connection.js";
export type { HubConnectionOptions } from "./hub-connection.js";
export { DEFAULT_HUB_ROWS_PATH, hubPush } from "./hub-push.js";
export type { HubPushOptions, HubPushResult } from "./hub-push.js";
export { hubDownload, hubListFiles, hubWhoAmI } from "./hub-read.js";
export type { HubAccount, HubFile, HubReadOptions } from "./hub-read.js";
