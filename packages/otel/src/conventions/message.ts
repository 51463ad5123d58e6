/** What one span says about the conversation, in a shape every convention reader fills the same way. */
import * as py from "@whileai/hash-embed/internal";
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

/**
 * A tool call an assistant message of the INPUT history asked for. `turn` is how many of the
 * read's `texts` came before it, so the call lands between the right user turns.
 */
export interface HistoryCall extends ToolCall {
  readonly turn: number;
}

export interface MessageRead {
  /** User texts (input side) or assistant texts (output side), in message order. */
  readonly texts: string[];
  /** Output side: the calls this model call made. */
  readonly calls: ToolCall[];
  /** Input side: the answers to earlier calls. */
  readonly responses: ToolResponse[];
  /**
   * Input side: the calls earlier assistant messages in the history made, in history order.
   * They become steps only when no tool span and no earlier output recorded them (a capture
   * holding only the last model call, or earlier spans sampled away).
   */
  readonly historyCalls: HistoryCall[];
}

export function emptyRead(): MessageRead {
  return { texts: [], calls: [], responses: [], historyCalls: [] };
}

/** A copy of `read` that more messages can be read into, leaving `read` as it was. */
export function copyRead(read: MessageRead): MessageRead {
  return { texts: read.texts.slice(), calls: read.calls.slice(), responses: read.responses.slice(), historyCalls: read.historyCalls.slice() };
}

export function mergeReads(reads: readonly MessageRead[]): MessageRead {
  const merged = emptyRead();
  for (const read of reads) {
    // A later read's turns count the texts merged before it.
    const offset = merged.texts.length;
    merged.historyCalls.push(...read.historyCalls.map((call) => ({ ...call, turn: call.turn + offset })));
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

/**
 * An answer as a message states it, parsed when read (`responseValue` each time): every later
 * input repeats the history's answers, and only the first one seen for an open call is bound.
 */
export class DeferredResponse implements ToolResponse {
  readonly #value: unknown;

  constructor(
    readonly id: string,
    value: unknown,
  ) {
    this.#value = value;
  }

  get response(): unknown {
    return responseValue(this.#value);
  }
}
