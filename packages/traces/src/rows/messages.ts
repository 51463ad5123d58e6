/**
 * `_steps_from_messages` (traces.md §3.4): an OpenAI- or Anthropic-style chat transcript as
 * canonical steps, each tool result bound to its call by id, then by tool name, then first come
 * first served (`RESULT_BINDING`).
 */
import { isDict, pyStr, truthy, type Dict } from "@whileai/hash-embed/internal";
import { blockText } from "./block-text.js";
import { errored, parseJsonOr, resultText } from "./tool-result.js";
import { isToolPart, TOOL_CALL, TOOL_RESULT, toolCallStep, toolResultValue, type HalfRead } from "./vercel-parts.js";

// Source objects are read with plain property access (`message.role`): none of the keys read
// here exists on Object.prototype, so an inherited value cannot be mistaken for data, and this
// path runs for every message of every row. `undefined` and `null` both read as Python's None.

/** The steps of one transcript and the calls still waiting for a result, by call id. */
class Transcript {
  readonly steps: Dict[] = [];
  // Calls by id as two short lists, a call's id at its index (setting an id again rebinds it);
  // an id is "" once answered. A Map per transcript, and the table it reallocates as entries
  // go, were most of the loader's garbage on chat rows. The lists are searched, so a transcript
  // of n calls costs about n² comparisons (as the Map's sweep did): 15 ms at 1,000 calls in one
  // row, 0.6 s at 10,000, 15 s at 50,000 (the Map: 20 ms, 0.45 s, 10 s).
  private readonly ids: string[] = [];
  private readonly calls: Dict[] = [];

  /** `parse(text)`: `parseJsonOr`, or its shared form when the steps are only read. */
  constructor(readonly parse: (text: string) => unknown) {}

  call(step: Dict, id: unknown): void {
    this.steps.push(step);
    if (!truthy(id)) return;
    const key = pyStr(id);
    const at = this.ids.indexOf(key);
    if (at >= 0) this.calls[at] = step;
    else {
      this.ids.push(key);
      this.calls.push(step);
    }
  }

  /** `_attach`: bind a result by id, then by name, then to the oldest unanswered call; else an orphan step. */
  attach(result: unknown, name: string, id: string): void {
    const at = id === "" ? -1 : this.ids.indexOf(id);
    let target = at < 0 ? undefined : this.calls[at];
    // Unreachable in practice (traces.md §16.7): a bound call loses its id when answered (the
    // sweep below), so a later result with that id never finds it.
    if (target !== undefined && target.result !== undefined) target = undefined;
    target ??= this.unanswered(name);
    if (target === undefined) {
      this.steps.push({ tool: name, arguments: {}, result });
      return;
    }
    target.result = result;
    for (let i = 0; i < this.calls.length; i++) if (this.calls[i] === target) this.ids[i] = "";
  }

  /** The first unanswered call named `name`, else the first unanswered call. */
  private unanswered(name: string): Dict | undefined {
    let first: Dict | undefined;
    for (const step of this.steps) {
      if (step.tool === undefined || step.result !== undefined) continue;
      if (name !== "" && step.tool === name) return step;
      first ??= step;
    }
    return first;
  }
}

// Plain-text content has no blocks: one shared empty list rather than one per message.
const NO_BLOCKS: readonly unknown[] = [];

/** `py_str(value or "")` */
function textOf(value: unknown): string {
  return truthy(value) ? pyStr(value) : "";
}

/**
 * Within one assistant message the `tool_use` blocks come first, then the `tool_calls`, then one
 * text step, whatever the order in the source. Non-dict messages and blocks are skipped, roles
 * other than user, assistant and tool are ignored, and `is_error` is honoured only on Anthropic
 * `tool_result` blocks. Vercel AI SDK tool parts, which Python cannot read, are read on top
 * (vercel-parts.ts); `halfRead` hears of each part that still cannot be. `parse` reads result
 * texts: `parseJsonShared` when the steps are only read.
 */
export function stepsFromMessages(messages: readonly unknown[], halfRead: HalfRead = ignore, parse: (text: string) => unknown = parseJsonOr): Dict[] {
  const transcript = new Transcript(parse);
  for (const message of messages) {
    if (!isDict(message)) continue;
    const role = textOf(message.role);
    const raw = message.content;
    const blocks: readonly unknown[] = Array.isArray(raw) ? raw : NO_BLOCKS;
    if (role === "user") readUser(transcript, raw, blocks);
    else if (role === "assistant") readAssistant(transcript, message, raw, blocks, halfRead);
    else if (role === "tool" && blocks.some(isToolPart)) readToolParts(transcript, blocks, halfRead);
    else if (role === "tool") {
      const id = textOf(message.tool_call_id) || textOf(message.tool_use_id);
      transcript.attach(transcript.parse(resultText(raw)), textOf(message.name), id);
    }
  }
  return transcript.steps;
}

function readUser(transcript: Transcript, raw: unknown, blocks: readonly unknown[]): void {
  let results = 0;
  for (const block of blocks) {
    if (!isDict(block) || block.type !== "tool_result") continue;
    results++;
    const text = resultText(block.content);
    let result = transcript.parse(text);
    if (truthy(block.is_error)) result = errored(result, text);
    transcript.attach(result, textOf(block.name), textOf(block.tool_use_id));
  }
  const content = blockText(raw);
  // A message of tool results only is no user turn; an empty plain message is ({"user": ""}).
  if (content !== "" || results === 0) transcript.steps.push({ user: content });
}

function readAssistant(transcript: Transcript, message: Dict, raw: unknown, blocks: readonly unknown[], halfRead: HalfRead): void {
  for (const block of blocks) {
    if (!isDict(block)) continue;
    if (block.type === "tool_use") {
      const input = block.input;
      transcript.call({ tool: textOf(block.name), arguments: isDict(input) ? input : {} }, block.id);
    } else if (block.type === TOOL_CALL) {
      const step = toolCallStep(block, halfRead);
      if (step !== null) transcript.call(step, block.toolCallId);
    } else if (isToolPart(block)) {
      // A provider-executed tool's result sits in the assistant message, after its call.
      readToolParts(transcript, [block], halfRead);
    }
  }
  // Python iterates any truthy `tool_calls` and calls `.get` on each element, so a string, a dict
  // or a non-dict element raises AttributeError there; we skip what it would crash on.
  const calls = message.tool_calls;
  if (Array.isArray(calls)) {
    for (const call of calls) {
      if (!isDict(call)) continue;
      const nested = call.function;
      const fn = isDict(nested) ? nested : call; // the flat form {name, arguments}
      let args = fn.arguments;
      // Parsed afresh even for the report: arguments carry per-call ids and rarely repeat, and a
      // memo of unique texts only churns.
      if (typeof args === "string") args = parseJsonOr(args);
      transcript.call({ tool: textOf(fn.name), arguments: isDict(args) ? args : {} }, call.id);
    }
  }
  const content = blockText(raw);
  if (content !== "") transcript.steps.push({ text: content });
}

/** A Vercel `role: "tool"` message (or a provider-executed result): each `tool-result` part answers its call. */
function readToolParts(transcript: Transcript, parts: readonly unknown[], halfRead: HalfRead): void {
  for (const part of parts) {
    if (!isToolPart(part)) continue;
    if (part.type !== TOOL_RESULT) {
      halfRead("tool part of unknown type");
      continue;
    }
    const result = toolResultValue(part, halfRead);
    if (result !== undefined) transcript.attach(result, textOf(part.toolName), textOf(part.toolCallId));
  }
}

function ignore(): void {}
