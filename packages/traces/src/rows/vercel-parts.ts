/**
 * Vercel AI SDK (npm `ai`) message parts, which Python's `_steps_from_messages` does not know
 * (it reads a `role: "tool"` message of them as one empty result): an assistant's
 * `{type: "tool-call", toolCallId, toolName, input}` and a tool message's
 * `{type: "tool-result", toolCallId, toolName, output: {type, value}}`; SDK 4 wrote `args` and
 * a raw `result` with `isError`. A part that cannot be read is reported through `HalfRead`
 * (with a short, stable reason) and never becomes an empty step.
 */
import { isDict, pyStr, truthy, type Dict } from "@whileai/hash-embed/internal";
import { blockText } from "./block-text.js";
import { errored, parseJsonOr } from "./tool-result.js";

/** Called once per part of a row that is left unread. */
export type HalfRead = (reason: string) => void;

export const TOOL_CALL = "tool-call";
export const TOOL_RESULT = "tool-result";

/** Whether a part's type names a tool part of the SDK (`tool-call`, `tool-result`, `tool-approval-request`, ...). */
export function isToolPart(part: unknown): part is Dict {
  return isDict(part) && typeof part.type === "string" && part.type.startsWith("tool-");
}

/** A `tool-call` part as a call step, or null (reported) when it names no tool. */
export function toolCallStep(part: Dict, halfRead: HalfRead): Dict | null {
  if (!truthy(part.toolName)) {
    halfRead("tool-call part without toolName");
    return null;
  }
  const raw = part.input !== undefined ? part.input : part.args;
  // Providers stream the input as JSON text; the SDK's messages hold the parsed object.
  const input = typeof raw === "string" ? parseJsonOr(raw) : raw;
  if (!isDict(input) && raw !== undefined && raw !== null) halfRead("tool-call input is not an object");
  return { tool: pyStr(part.toolName), arguments: isDict(input) ? input : {} };
}

/** What a `tool-result` part answers, or undefined (reported) when it holds no answer. */
export function toolResultValue(part: Dict, halfRead: HalfRead): unknown {
  const output = part.output;
  if (output === undefined || output === null) {
    if (part.result === undefined) {
      halfRead("tool-result part without output");
      return undefined;
    }
    // SDK 4: the tool's value as it returned it.
    return truthy(part.isError) ? errored(part.result) : part.result;
  }
  if (!isDict(output)) {
    halfRead("tool-result output is not an object");
    return output;
  }
  switch (output.type) {
    case "json":
      return output.value;
    case "text":
      // Text is read as Python reads a tool message's text: JSON text becomes its value.
      return typeof output.value === "string" ? parseJsonOr(output.value) : output.value;
    case "error-text":
    case "error-json":
      return errored(output.value);
    case "execution-denied":
      return errored(truthy(output.reason) ? pyStr(output.reason) : "execution-denied");
    case "content":
      return contentValue(output.value, halfRead);
    default:
      // Kept whole, not guessed at: the row still shows what the tool answered.
      halfRead("tool-result output of unknown type");
      return output;
  }
}

/** A `content` output: its text parts as one text (JSON text parsed); other parts (media) are reported. */
function contentValue(value: unknown, halfRead: HalfRead): unknown {
  const parts = Array.isArray(value) ? value : [];
  if (parts.some((part) => !isDict(part) || part.type !== "text")) halfRead("tool-result content part is not text");
  return parseJsonOr(blockText(parts));
}
