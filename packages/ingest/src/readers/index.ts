/**
 * The readers of record files that are neither OpenTelemetry nor plain rows. Detection tries them
 * in this order and takes the first whose `matches` accepts the first record; each looks for keys
 * only its family writes, so the order matters only as a tie-break.
 */
import type { RecordReader } from "../reader.js";
import { claudeCodeReader } from "./claude-code.js";
import { claudeStreamJsonReader } from "./claude-stream-json.js";
import { openaiAgentsStateReader } from "./openai-agents-state.js";
import { openaiResponsesReader } from "./openai-responses.js";

export { claudeCodeReader, claudeStreamJsonReader, openaiAgentsStateReader, openaiResponsesReader };

export const RECORD_READERS: readonly RecordReader[] = [claudeCodeReader, claudeStreamJsonReader, openaiAgentsStateReader, openaiResponsesReader];
