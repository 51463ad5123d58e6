/** What one span says about the conversation, in a shape every convention reader fills the same way. */
import { py } from "@whileai/traces";
import { parseValue } from "../attributes.js";

/** A tool call the model asked for in its output. `id` is trimmed, `""` when the emitter gave none. */
export interface ToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: unknown;
}

/** A tool's answer to a call, seen in a later input (a `tool` message or a `tool_call_response` part). */
export interface ToolResponse {
  readonly id: string;
  readonly response: unknown;
}

export interface MessageRead {
  /** User texts (input side) or assistant texts (output side), in message order. */
  readonly texts: string[];
  readonly calls: ToolCall[];
  readonly responses: ToolResponse[];
  /**
   * Input side only: tool calls that earlier assistant turns made, as the input history repeats
   * them. Not `calls` (those are this span's output); for steps that no output or tool span holds.
   */
  readonly historyCalls?: ToolCall[];
}

export function emptyRead(): MessageRead {
  return { texts: [], calls: [], responses: [] };
}

export function mergeReads(reads: readonly MessageRead[]): MessageRead {
  const merged = emptyRead();
  for (const read of reads) {
    merged.texts.push(...read.texts);
    merged.calls.push(...read.calls);
    merged.responses.push(...read.responses);
  }
  return merged;
}

/**
 * Call ids are trimmed: the GenAI registry's own example wrote `" call_…"` with a leading
 * space (semantic-conventions-genai#319) and emitters copied it.
 */
export function callId(value: unknown): string {
  if (value === null || value === undefined) return "";
  return py.pyStrip(py.pyStr(value));
}

/**
 * Arguments and responses may be objects or JSON strings (the registry asks emitters to
 * deserialize where they can); strings are parsed the way `_parse` parses a tool span's.
 * Missing arguments read as `{}`: a call without arguments took none.
 */
export function callArguments(value: unknown): unknown {
  return value === null || value === undefined || value === "" ? {} : parseValue(value);
}

export function responseValue(value: unknown): unknown {
  return value === undefined ? null : parseValue(value);
}
