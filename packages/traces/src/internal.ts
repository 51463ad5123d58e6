/**
 * `@whileai/traces/internal`: the row-reading building blocks that @whileai/otel, @whileai/ingest,
 * @whileai/platform and the CLI share with this package: JSON Lines framing, the streaming row
 * loader, OpenAI / Anthropic message and Responses-item conversion, and the label and task
 * helpers the publish gate reuses. Python's semantics are not here: their one home is
 * `@whileai/hash-embed/internal`.
 *
 * NOT A PUBLIC API. It is exported only so that the whileai packages of the same release can share
 * it; names and behaviour change in any release, with no semver promise. Use the main entry instead.
 */
export { concat, isBlankLine, readLines } from "./jsonl/lines.js";
export type { Line } from "./jsonl/lines.js";
export { rowLoader } from "./rows/load.js";
export type { RowLoaderHandle } from "./rows/load.js";
export { stepsFromMessages } from "./rows/messages.js";
export { isResponseItem, isResponseItems, responseItemsAsMessages } from "./rows/response-items.js";
export { binaryReward, rowsPhrase } from "./labels.js";
export { taskIdentity } from "./split.js";
