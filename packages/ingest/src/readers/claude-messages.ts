/**
 * What Claude Code's session transcripts and its stream-json output share: Anthropic messages
 * written one content block per line (split lines share `message.id` and repeat its usage), and
 * user lines that are the CLI's own bookkeeping rather than anything the user typed.
 */
import * as py from "@whileai/hash-embed/internal";
import { stepsFromMessages } from "@whileai/traces/internal";
import type { ProblemSink } from "../reader.js";

type Dict = Record<string, unknown>;
const { isDict } = py;

/** Usage keys of an Anthropic message that add up over a conversation. */
const USAGE_KEYS = ["input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"] as const;

/** Tags Claude Code wraps around slash commands and their local output, which it logs as user lines. */
const COMMAND_TAG = /^\s*<(command-name|command-message|command-args|local-command-stdout|local-command-stderr|local-command-caveat|bash-input|bash-stdout|bash-stderr)>/;

/** The markers Claude Code writes as a user line when the user presses Esc. */
const INTERRUPT = /^\[Request interrupted by user[^\]]*\]$/;

/** The text blocks (or string) of a user message's content, or null when it holds other blocks too. */
function onlyText(content: unknown): string[] | null {
  if (typeof content === "string") return [content];
  if (!Array.isArray(content)) return null;
  const texts: string[] = [];
  for (const block of content) {
    if (!isDict(block) || block.type !== "text" || typeof block.text !== "string") return null;
    texts.push(block.text);
  }
  return texts;
}

/** Why a user line is CLI bookkeeping and not a user turn, or null when it is a turn. */
export function userNoise(entry: Dict, message: Dict): string | null {
  if (entry.isMeta === true) return "meta message (isMeta: expanded command or caveat)";
  if (entry.isCompactSummary === true) return "compact summary (the recap written after a compaction)";
  if (entry.isVisibleInTranscriptOnly === true) return "transcript-only message (isVisibleInTranscriptOnly)";
  const texts = onlyText(message.content);
  if (texts === null || texts.length === 0) return null;
  if (texts.every((t) => INTERRUPT.test(t.trim()))) return "interrupt marker";
  if (texts.some((t) => COMMAND_TAG.test(t))) return "slash command or local command output";
  return null;
}

/** Reports user content blocks the transcript cannot carry (images, documents). */
export function reportUnreadBlocks(message: Dict, line: number, problem: ProblemSink): void {
  if (!Array.isArray(message.content)) return;
  for (const block of message.content) {
    if (!isDict(block)) continue;
    if (block.type === "image" || block.type === "document") problem({ kind: "half_read", line, reason: `${block.type} block not read` });
    if (block.type === "tool_result" && Array.isArray(block.content)) {
      for (const part of block.content) if (isDict(part) && part.type !== "text") problem({ kind: "half_read", line, reason: `tool_result ${String(part.type)} part not read` });
    }
  }
}

/**
 * One conversation's messages in order, with the lines of one assistant message (same
 * `message.id`) merged into the first line's place: tool results written between the lines
 * (tools run while the message still streams) then follow all of its tool calls.
 */
export class ClaudeConversation {
  readonly messages: Dict[] = [];
  private readonly byId = new Map<string, { message: Dict; usage: unknown }>();
  private model: unknown;

  user(message: Dict): void {
    this.messages.push({ role: "user", content: message.content });
  }

  assistant(message: Dict): void {
    const blocks = Array.isArray(message.content) ? message.content : typeof message.content === "string" ? [{ type: "text", text: message.content }] : [];
    const id = typeof message.id === "string" ? message.id : undefined;
    if (typeof message.model === "string") this.model = message.model;
    const seen = id === undefined ? undefined : this.byId.get(id);
    if (seen !== undefined) {
      (seen.message.content as unknown[]).push(...blocks);
      // Every line repeats the message's usage; the last line's is the most complete.
      if (message.usage !== undefined) seen.usage = message.usage;
      return;
    }
    const merged: Dict = { role: "assistant", content: [...blocks] };
    this.messages.push(merged);
    const entry = { message: merged, usage: message.usage };
    if (id !== undefined) this.byId.set(id, entry);
    else this.unkeyed.push(entry);
  }

  private readonly unkeyed: { usage: unknown }[] = [];

  get hasAssistant(): boolean {
    return this.byId.size > 0 || this.unkeyed.length > 0;
  }

  /** The model of the last assistant message. */
  get modelVersion(): string | undefined {
    return typeof this.model === "string" ? this.model : undefined;
  }

  /** Token usage summed over the assistant messages, each message once; undefined when none has any. */
  usage(): Dict | undefined {
    return sumUsage([...this.byId.values(), ...this.unkeyed].map((e) => e.usage));
  }

  steps(): Dict[] {
    return stepsFromMessages(this.messages);
  }
}

/** Anthropic usage objects added key by key (input, output and cache tokens). */
export function sumUsage(usages: readonly unknown[]): Dict | undefined {
  const total: Record<string, number> = {};
  let any = false;
  for (const usage of usages) {
    if (!isDict(usage)) continue;
    for (const key of USAGE_KEYS) {
      const n = usage[key];
      if (typeof n !== "number" || !Number.isFinite(n)) continue;
      total[key] = (total[key] ?? 0) + n;
      any = true;
    }
  }
  return any ? total : undefined;
}
