/**
 * OpenAI Responses API items (`input`/`output` lists) as chat messages, so that
 * `stepsFromMessages` binds each tool output to its call exactly as it does for chat transcripts.
 * The OpenAI Agents SDK logs the same items in camelCase (`callId`, `function_call_result`,
 * `output: {type: "text", text}`), read here too. The Python SDK has no reading for these lists
 * (a row `{input: [...]}` gets the list's repr as its prompt), so this is whileai-ts only
 * (BEYOND.md) and applies only to lists that are recognisably items.
 */
import { isDict, pyStr, type Dict } from "@whileai/hash-embed/internal";
import { stepsFromMessages } from "./messages.js";

/** What a caller hears about an item that was left out or read in part (`index` into the list). */
export interface ItemProblem {
  readonly index: number;
  readonly kind: "dropped" | "half_read";
  readonly reason: string;
}

const ROLES = new Set(["user", "assistant", "system", "developer"]);

/** Items that carry no transcript: model reasoning and the pointers that stand for earlier items. */
const SILENT_TYPES = new Set(["reasoning", "item_reference", "compaction"]);

/** Every item type the Responses API and the Agents SDK document, read here or not. */
const ITEM_TYPES = new Set([
  "message", "function_call", "function_call_output", "function_call_result", "custom_tool_call", "custom_tool_call_output",
  "mcp_call", "mcp_list_tools", "mcp_approval_request", "mcp_approval_response", "hosted_tool_call", "reasoning", "item_reference",
  "compaction", "web_search_call", "file_search_call", "computer_call", "computer_call_output", "computer_call_result",
  "code_interpreter_call", "image_generation_call", "local_shell_call", "local_shell_call_output", "shell_call", "shell_call_output",
  "apply_patch_call", "apply_patch_call_output", "tool_search_call", "tool_search_output",
]);

/** Whether `item` is one Responses item: a known `type`, or the `{role, content}` shorthand of an input message. */
export function isResponseItem(item: unknown): item is Dict {
  if (!isDict(item)) return false;
  const type = item.type;
  if (type === undefined) return typeof item.role === "string" && ROLES.has(item.role) && (typeof item.content === "string" || Array.isArray(item.content));
  if (typeof type !== "string" || !ITEM_TYPES.has(type)) return false;
  if (type === "message") return typeof item.role === "string" && (typeof item.content === "string" || Array.isArray(item.content));
  return true;
}

/**
 * Whether a list is Responses items: non-empty, every element an item, and at least one that a
 * chat message could not be (a typed item, or a content part such as `input_text`). A list of
 * plain `{role, content: "..."}` messages stays the chat transcript it also is.
 */
export function isResponseItems(value: unknown): value is Dict[] {
  if (!Array.isArray(value) || value.length === 0) return false;
  let typed = false;
  for (const item of value) {
    if (!isResponseItem(item)) return false;
    if (item.type !== undefined || (Array.isArray(item.content) && item.content.some(isItemPart))) typed = true;
  }
  return typed;
}

function isItemPart(part: unknown): boolean {
  return isDict(part) && (part.type === "input_text" || part.type === "output_text" || part.type === "input_image" || part.type === "input_file" || part.type === "refusal");
}

/** The call id of an item in either spelling. */
function callId(item: Dict): string {
  const id = item.call_id ?? item.callId;
  return typeof id === "string" ? id : id === undefined || id === null ? "" : pyStr(id);
}

/** The text parts of a message's content; other parts (images, files, audio) are reported. */
function contentText(content: unknown, index: number, problem: (p: ItemProblem) => void): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const texts: string[] = [];
  for (const part of content) {
    if (!isDict(part)) continue;
    if ((part.type === "input_text" || part.type === "output_text" || part.type === "text") && typeof part.text === "string") texts.push(part.text);
    else if (part.type === "refusal" && typeof part.refusal === "string") texts.push(part.refusal); // what the model said instead
    else problem({ index, kind: "half_read", reason: `message part not read (${pyStr(part.type ?? "untyped")})` });
  }
  return texts.filter((t) => t !== "").join("\n");
}

/** A tool output as the text a chat `tool` message would carry. */
function outputText(output: unknown, index: number, problem: (p: ItemProblem) => void): string {
  if (typeof output === "string") return output;
  if (output === undefined || output === null) return "";
  // Agents SDK: `{type: "text", text}`; Responses: a list of input_text/input_image parts.
  if (isDict(output) && output.type === "text" && typeof output.text === "string") return output.text;
  const parts = Array.isArray(output) ? output : [output];
  const texts: string[] = [];
  for (const part of parts) {
    if (isDict(part) && (part.type === "input_text" || part.type === "output_text" || part.type === "text") && typeof part.text === "string") texts.push(part.text);
    else problem({ index, kind: "half_read", reason: `tool output part not read (${isDict(part) ? pyStr(part.type ?? "untyped") : typeof part})` });
  }
  return texts.join("\n");
}

/**
 * Responses items as chat messages: user/assistant messages, `function_call` and
 * `custom_tool_call` as assistant `tool_calls`, their outputs as `tool` messages, an `mcp_call`
 * (call and output in one item) as both, and an errored output (`error` set, as MCP and
 * the Agents SDK's failed items carry) as an Anthropic `tool_result` with `is_error`, the one
 * error mark the transcript reading honours (`failed` lets a reader say which outputs are errors). System/developer messages and reasoning are left
 * out as a chat transcript's system messages are; other hosted tool items are reported.
 */
export function responseItemsAsMessages(items: readonly unknown[], problem: (p: ItemProblem) => void = () => {}, failed: (item: Dict, text: string) => boolean = () => false): Dict[] {
  const messages: Dict[] = [];
  items.forEach((item, index) => {
    if (!isResponseItem(item)) {
      problem({ index, kind: "dropped", reason: "not a Responses item" });
      return;
    }
    const type = item.type ?? "message";
    if (type === "message") {
      const role = item.role as string;
      if (role === "system" || role === "developer") return; // instructions, not a turn (as in chat transcripts)
      messages.push({ role, content: contentText(item.content, index, problem) });
    } else if (type === "function_call" || type === "custom_tool_call") {
      const args = type === "function_call" ? item.arguments : item.input;
      if (typeof args === "string" && !isJsonObjectText(args)) problem({ index, kind: "half_read", reason: "tool arguments are not a JSON object" });
      messages.push({ role: "assistant", content: "", tool_calls: [{ id: callId(item), function: { name: item.name, arguments: args } }] });
    } else if (type === "function_call_output" || type === "function_call_result" || type === "custom_tool_call_output") {
      const text = outputText(item.output, index, problem);
      messages.push(toolMessage(callId(item), item.name, text, failed(item, text)));
    } else if (type === "mcp_call") {
      const id = typeof item.id === "string" ? item.id : "";
      messages.push({ role: "assistant", content: "", tool_calls: [{ id, function: { name: item.name, arguments: item.arguments } }] });
      const failed = item.error !== undefined && item.error !== null;
      messages.push(toolMessage(id, item.name, failed ? pyStr(item.error) : outputText(item.output, index, problem), failed));
    } else if (!SILENT_TYPES.has(type as string)) {
      problem({ index, kind: "dropped", reason: `item type not read (${pyStr(type)})` });
    }
  });
  return messages;
}

function toolMessage(id: string, name: unknown, text: string, failed: boolean): Dict {
  if (failed) return { role: "user", content: [{ type: "tool_result", tool_use_id: id, name, content: text, is_error: true }] };
  return { role: "tool", tool_call_id: id, name, content: text };
}

function isJsonObjectText(text: string): boolean {
  try {
    return isDict(JSON.parse(text));
  } catch {
    return false;
  }
}

/** Canonical steps of a Responses item list (tool outputs bound to their calls by call id). */
export function stepsFromResponseItems(items: readonly unknown[], problem?: (p: ItemProblem) => void): Dict[] {
  return stepsFromMessages(responseItemsAsMessages(items, problem));
}

/** The text of the last assistant message among `items`, or "" (a Response's `output_text`). */
export function responseItemsFinalText(items: readonly unknown[]): string {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i];
    if (isResponseItem(item) && (item.type ?? "message") === "message" && item.role === "assistant") {
      const text = contentText(item.content, i, () => {});
      if (text !== "") return text;
    }
  }
  return "";
}

/**
 * The row hook (canonical-row.ts): a row's `input` and `output` lists of Responses items as
 * steps, the input first; a plain-text `input` next to items in `output` is the user turn.
 * Empty when neither is items, so every row the Python SDK reads keeps its answer.
 */
export function responseItemRowSteps(row: Dict): Dict[] {
  const input = row.input;
  const output = row.output;
  const inputItems = isResponseItems(input);
  const outputItems = isResponseItems(output);
  if (!inputItems && !outputItems) return [];
  const items: unknown[] = inputItems ? [...input] : typeof input === "string" && input !== "" ? [{ role: "user", content: input }] : [];
  if (outputItems) items.push(...output);
  return stepsFromResponseItems(items);
}

/** Whether a row's `key` holds Responses items, which are no prompt or final text to print. */
export function holdsResponseItems(row: Dict, key: string): boolean {
  return (key === "input" || key === "output") && isResponseItems(row[key]);
}
