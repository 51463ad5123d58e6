/**
 * OpenAI Responses API conversations as people log them (API reference: fixtures/documented/
 * openai-responses/SOURCE.md), and the OpenAI Agents SDK's `result.history`, which is the same
 * items in camelCase:
 * - loose items, one per record (a JSON array or JSON Lines of one conversation's items);
 * - Response objects `{object: "response", id, output: [...], usage}`;
 * - request/response logs `{input, output, ...}` or `{request: {input}, response: {output}}`.
 * Loose items make one conversation. Each Response or log is one, unless it continues an earlier
 * one by `previous_response_id` or names the same `conversation`: then its items are appended.
 * Resent full histories (stateless calls) are not deduplicated: each log is its own row.
 */
import * as py from "@whileai/hash-embed/internal";
import { isResponseItem, isResponseItems, responseItemsAsMessages, stepsFromMessages } from "@whileai/traces/internal";
import type { ProblemSink, RecordReader } from "../reader.js";
import { isAgentsToolError } from "./agents-tool-error.js";

type Dict = Record<string, unknown>;
const { isDict } = py;

/** A record's items with the line each came from. */
interface Sourced {
  readonly item: unknown;
  readonly line: number;
}

interface Conversation {
  readonly order: number;
  readonly items: Sourced[];
  readonly row: Dict;
  readonly usages: unknown[];
}

/** The request and response halves of a log record, or null when it is none. */
function logParts(value: Dict): { input: unknown; response: Dict } | null {
  if (value.object === "response" && Array.isArray(value.output)) return { input: value.input, response: value };
  if (isDict(value.response) && Array.isArray(value.response.output)) return { input: isDict(value.request) ? value.request.input : value.input, response: value.response };
  const loggable = (v: unknown) => v === undefined || typeof v === "string" || isResponseItems(v) || (Array.isArray(v) && v.length === 0);
  if ((isResponseItems(value.input) || isResponseItems(value.output)) && loggable(value.input) && loggable(value.output)) return { input: value.input, response: value };
  return null;
}

/** Keys that make a record a trajectory or chat row, whatever else it holds. */
const ROW_KEYS = ["steps", "messages", "prompt", "tool_trace", "trace"];

export const openaiResponsesReader: RecordReader = {
  format: "openai-responses",

  matches(first) {
    if (!isDict(first) || ROW_KEYS.some((key) => key in first)) return false;
    // A typed item, or an untyped input message whose content parts are the Responses kind.
    if (isResponseItem(first)) return first.type !== undefined || isResponseItems([first]);
    return logParts(first) !== null;
  },

  read(records, problem) {
    const conversations: Conversation[] = [];
    let loose: Conversation | undefined;
    const byResponse = new Map<string, Conversation>();
    const byThread = new Map<string, Conversation>();

    records.forEach((record, order) => {
      const value = record.value;
      if (isResponseItem(value)) {
        if (loose === undefined) conversations.push((loose = { order, items: [], row: {}, usages: [] }));
        loose.items.push({ item: value, line: record.line });
        return;
      }
      const parts = isDict(value) ? logParts(value) : null;
      if (parts === null) {
        problem({ kind: "dropped", line: record.line, reason: "neither a Responses item nor a response log" });
        return;
      }
      const response = parts.response;
      const previous = typeof response.previous_response_id === "string" ? response.previous_response_id : isDict(value) && typeof value.previous_response_id === "string" ? value.previous_response_id : undefined;
      const thread = threadOf(response) ?? (isDict(value) ? threadOf(value) : undefined);
      let conversation = (previous !== undefined ? byResponse.get(previous) : undefined) ?? (thread !== undefined ? byThread.get(thread) : undefined);
      if (conversation === undefined) {
        conversation = { order, items: [], row: {}, usages: [] };
        conversations.push(conversation);
        if (typeof response.id === "string") conversation.row.conversation_id = thread ?? response.id;
        else if (thread !== undefined) conversation.row.conversation_id = thread;
        if (typeof response.id === "string") conversation.row.response_id = response.id;
      }
      if (typeof response.id === "string") byResponse.set(response.id, conversation);
      if (thread !== undefined) byThread.set(thread, conversation);
      if (typeof response.model === "string") conversation.row.model_version = response.model;
      if (typeof response.instructions === "string" && response.instructions !== "") conversation.row.instructions = response.instructions;
      if (response.usage !== undefined) conversation.usages.push(response.usage);
      if (response.status === "failed" || response.status === "incomplete") conversation.row.status = response.status;

      const input = parts.input;
      if (typeof input === "string") conversation.items.push({ item: { role: "user", content: input }, line: record.line });
      else if (Array.isArray(input)) for (const item of input) conversation.items.push({ item, line: record.line });
      const output = response.output;
      if (Array.isArray(output)) for (const item of output) conversation.items.push({ item, line: record.line });
    });

    const rows: Dict[] = [];
    for (const conversation of conversations) {
      const steps = stepsFromItems(conversation.items, problem);
      if (steps.length === 0) continue;
      const row: Dict = { steps, ...conversation.row };
      // System/developer messages are no turn (as in chat transcripts) but are kept, not lost.
      const instructions = instructionsOf(conversation.items);
      if (instructions !== "") row.instructions = instructions;
      const usage = responsesUsage(conversation.usages);
      if (usage !== undefined) row.usage = usage;
      rows.push(row);
    }
    return rows;
  },
};

function instructionsOf(items: readonly Sourced[]): string {
  const texts: string[] = [];
  for (const { item } of items) {
    if (!isResponseItem(item) || (item.role !== "system" && item.role !== "developer")) continue;
    const content = item.content;
    if (typeof content === "string") texts.push(content);
    else if (Array.isArray(content)) for (const part of content) if (isDict(part) && typeof part.text === "string") texts.push(part.text);
  }
  return texts.join("\n");
}

function threadOf(value: Dict): string | undefined {
  const c = value.conversation;
  if (typeof c === "string") return c;
  if (isDict(c) && typeof c.id === "string") return c.id;
  return undefined;
}

/** Steps of sourced items, each problem reported on its item's line. */
export function stepsFromItems(items: readonly Sourced[], problem: ProblemSink): Dict[] {
  const messages = responseItemsAsMessages(
    items.map((s) => s.item),
    (p) => problem({ kind: p.kind, line: items[p.index].line, reason: p.reason }),
    isAgentsToolError,
  );
  return stepsFromMessages(messages);
}

/** Responses usage (`input_tokens`, `output_tokens`, `total_tokens`) added over a conversation's responses. */
function responsesUsage(usages: readonly unknown[]): Dict | undefined {
  const total: Record<string, number> = {};
  let any = false;
  for (const usage of usages) {
    if (!isDict(usage)) continue;
    for (const key of ["input_tokens", "output_tokens", "total_tokens"]) {
      const n = usage[key];
      if (typeof n === "number" && Number.isFinite(n)) {
        total[key] = (total[key] ?? 0) + n;
        any = true;
      }
    }
  }
  return any ? total : undefined;
}
