/**
 * Claude Code / Claude Agent SDK session transcripts (`~/.claude/projects/<project>/<session>.jsonl`):
 * one JSON line per event, `user`/`assistant` lines carrying an Anthropic `message`, linked by
 * `uuid`/`parentUuid`. Format as the Agent SDK's own reader walks it (`getSessionMessages`,
 * @anthropic-ai/claude-agent-sdk; fixtures/documented/claude-code/SOURCE.md).
 *
 * Decisions:
 * - One row per session (`sessionId`): the main chain, found as the SDK finds it, from the last
 *   non-sidechain leaf back through `parentUuid`, and across compact boundaries through the
 *   boundary's `logicalParentUuid`, so a compacted session stays one conversation. Lines of the
 *   same assistant message and tool results of its calls that sit on a sibling branch (parallel
 *   tool calls) are taken back in; other off-chain lines (a rewound, abandoned branch) are reported.
 * - Sidechains (`isSidechain: true`) are subagent runs (the Task/Agent tool). The main row keeps
 *   the tool call and the report the subagent returned; each subagent run is also its own row
 *   (`sidechain: true`, `agent_id`), grouped by `agentId` or, in older files, by its chain's root.
 * - `summary` lines title the conversation whose leaf they name (`summary` on that row).
 * - Lines kept in file order: Claude Code appends, so file order is the chain's order.
 */
import * as py from "@whileai/hash-embed/internal";
import type { ProblemSink, RecordReader } from "../reader.js";
import { ClaudeConversation, reportUnreadBlocks, userNoise } from "./claude-messages.js";

type Dict = Record<string, unknown>;
const { isDict } = py;

interface Entry {
  readonly value: Dict;
  readonly line: number;
  readonly order: number;
}

/** Line types of a transcript (user, assistant and the CLI's own records). */
const TRANSCRIPT_TYPES = new Set(["user", "assistant", "system", "summary", "attachment", "progress", "file-history-snapshot", "queue-operation", "custom-title", "ai-title", "tag", "agent-name", "pr-link", "last-prompt", "mode", "worktree-state"]);

/** Types that sit on the uuid chain. */
const CHAIN_TYPES = new Set(["user", "assistant", "system", "attachment", "progress"]);

export const claudeCodeReader: RecordReader = {
  format: "claude-code-jsonl",

  matches(first) {
    if (!isDict(first) || typeof first.type !== "string" || !TRANSCRIPT_TYPES.has(first.type)) return false;
    if (first.type === "summary") return typeof first.leafUuid === "string";
    if (first.type === "file-history-snapshot") return "snapshot" in first || "messageId" in first;
    // camelCase `sessionId` with a chain id: stream-json lines carry snake_case `session_id` instead.
    return typeof first.sessionId === "string" && ("uuid" in first || first.type === "queue-operation");
  },

  read(records, problem) {
    const sessions = new Map<string, Entry[]>();
    const summaries: Entry[] = [];
    records.forEach((record, order) => {
      const value = record.value;
      if (!isDict(value) || typeof value.type !== "string") {
        problem({ kind: "dropped", line: record.line, reason: "not a transcript line" });
        return;
      }
      const entry = { value, line: record.line, order };
      if (value.type === "summary") {
        summaries.push(entry);
        return;
      }
      if (!CHAIN_TYPES.has(value.type)) {
        problem({ kind: "dropped", line: record.line, reason: `${value.type} record (not conversation)` });
        return;
      }
      const session = typeof value.sessionId === "string" ? value.sessionId : "";
      let list = sessions.get(session);
      if (list === undefined) sessions.set(session, (list = []));
      list.push(entry);
    });

    const rows: { order: number; row: Dict; uuids: Set<string> }[] = [];
    for (const [sessionId, entries] of sessions) {
      const main = entries.filter((e) => e.value.isSidechain !== true);
      if (main.length > 0) {
        const kept = mainChain(main, problem);
        const row = conversationRow(kept, sessionId, problem);
        if (row !== null) rows.push({ order: kept[0]?.order ?? main[0].order, row, uuids: uuidsOf(kept) });
      }
      for (const run of sidechains(entries.filter((e) => e.value.isSidechain === true))) {
        const row = conversationRow(run.entries, sessionId, problem);
        if (row === null) continue;
        row.conversation_id = `${sessionId}/${run.key}`;
        row.sidechain = true;
        if (run.agentId !== undefined) row.agent_id = run.agentId;
        rows.push({ order: run.entries[0].order, row, uuids: uuidsOf(run.entries) });
      }
    }

    for (const summary of summaries) {
      const leaf = summary.value.leafUuid;
      const target = rows.find((r) => typeof leaf === "string" && r.uuids.has(leaf));
      if (target === undefined || typeof summary.value.summary !== "string") {
        problem({ kind: "dropped", line: summary.line, reason: "summary of a conversation not in this source" });
        continue;
      }
      target.row.summary = summary.value.summary;
    }
    return rows.sort((a, b) => a.order - b.order).map((r) => r.row);
  },
};

function uuidsOf(entries: readonly Entry[]): Set<string> {
  const uuids = new Set<string>();
  for (const e of entries) if (typeof e.value.uuid === "string") uuids.add(e.value.uuid);
  return uuids;
}

/** The parent a line links to: `parentUuid`, or across a compact boundary its `logicalParentUuid`. */
function parentOf(value: Dict): string | undefined {
  if (typeof value.parentUuid === "string") return value.parentUuid;
  if (value.type === "system" && value.subtype === "compact_boundary" && typeof value.logicalParentUuid === "string") return value.logicalParentUuid;
  return undefined;
}

function messageId(value: Dict): string | undefined {
  return value.type === "assistant" && isDict(value.message) && typeof value.message.id === "string" ? value.message.id : undefined;
}

function blockIds(value: Dict, type: string, key: string): string[] {
  const content = isDict(value.message) ? value.message.content : undefined;
  if (!Array.isArray(content)) return [];
  const ids: string[] = [];
  for (const block of content) if (isDict(block) && block.type === type && typeof block[key] === "string") ids.push(block[key] as string);
  return ids;
}

/**
 * The session's main conversation, in file order. Lines without a uuid cannot be placed on the
 * chain and are kept where they stand.
 */
function mainChain(entries: readonly Entry[], problem: ProblemSink): Entry[] {
  const byUuid = new Map<string, Entry>();
  const parents = new Set<string>();
  for (const e of entries) {
    if (typeof e.value.uuid === "string") byUuid.set(e.value.uuid, e);
    const parent = parentOf(e.value);
    if (parent !== undefined && e.value.type !== "progress") parents.add(parent);
  }
  // The leaf: the last line no other line continues, walked back to a user or assistant line.
  let leaf: Entry | undefined;
  for (let i = entries.length - 1; i >= 0 && leaf === undefined; i--) {
    const e = entries[i];
    if (typeof e.value.uuid !== "string" || parents.has(e.value.uuid) || e.value.type === "progress") continue;
    const seen = new Set<string>();
    for (let c: Entry | undefined = e; c !== undefined && !seen.has(c.value.uuid as string); c = byUuid.get(parentOf(c.value) ?? "")) {
      seen.add(c.value.uuid as string);
      if (c.value.type === "user" || c.value.type === "assistant") {
        leaf = c;
        break;
      }
    }
  }
  const kept = new Set<Entry>();
  for (let c = leaf; c !== undefined && !kept.has(c); c = byUuid.get(parentOf(c.value) ?? "")) kept.add(c);

  // Siblings of the chain: the other lines of its assistant messages, results of their calls.
  const messageIds = new Set<string>();
  const callIds = new Set<string>();
  for (const e of kept) {
    const id = messageId(e.value);
    if (id !== undefined) messageIds.add(id);
  }
  for (const e of entries) {
    const id = messageId(e.value);
    if (id !== undefined && messageIds.has(id)) {
      kept.add(e);
      for (const call of blockIds(e.value, "tool_use", "id")) callIds.add(call);
    }
  }
  const out: Entry[] = [];
  for (const e of entries) {
    const results = e.value.type === "user" ? blockIds(e.value, "tool_result", "tool_use_id") : [];
    const parent = byUuid.get(parentOf(e.value) ?? "");
    const sibling = results.length > 0 && results.every((id) => callIds.has(id));
    const queued = e.value.type === "attachment" && parent !== undefined && kept.has(parent);
    if (kept.has(e) || typeof e.value.uuid !== "string" || sibling || queued) {
      kept.add(e);
      out.push(e);
    } else if (e.value.type === "user" || e.value.type === "assistant") {
      problem({ kind: "dropped", line: e.line, reason: "off the main chain (rewound branch)" });
    } else {
      problem({ kind: "dropped", line: e.line, reason: `${String(e.value.type)} record off the main chain` });
    }
  }
  return out;
}

/** Sidechain lines grouped into subagent runs: by `agentId`, else by the root of their chain. */
function sidechains(entries: readonly Entry[]): { key: string; agentId?: string; entries: Entry[] }[] {
  const byUuid = new Map<string, Entry>();
  for (const e of entries) if (typeof e.value.uuid === "string") byUuid.set(e.value.uuid, e);
  const runs = new Map<string, { key: string; agentId?: string; entries: Entry[] }>();
  for (const e of entries) {
    let key: string;
    let agentId: string | undefined;
    if (typeof e.value.agentId === "string") key = `agent-${(agentId = e.value.agentId)}`;
    else {
      let root = e;
      const seen = new Set<Entry>();
      for (let p = byUuid.get(parentOf(root.value) ?? ""); p !== undefined && !seen.has(p); p = byUuid.get(parentOf(root.value) ?? "")) {
        seen.add(root);
        root = p;
      }
      key = typeof root.value.uuid === "string" ? root.value.uuid : `line-${root.line}`;
    }
    let run = runs.get(key);
    if (run === undefined) runs.set(key, (run = { key, ...(agentId !== undefined ? { agentId } : {}), entries: [] }));
    run.entries.push(e);
  }
  return [...runs.values()];
}

/** One conversation's lines as a row; null when no line carries a turn. */
function conversationRow(entries: readonly Entry[], sessionId: string, problem: ProblemSink): Dict | null {
  const conversation = new ClaudeConversation();
  let first: Entry | undefined;
  let context: Dict | undefined;
  for (const e of entries) {
    const v = e.value;
    if (v.type === "system") {
      // The boundary is structure (followed in mainChain); every other system line is a notice.
      if (v.subtype !== "compact_boundary") problem({ kind: "dropped", line: e.line, reason: `system record (${String(v.subtype ?? "no subtype")})` });
      continue;
    }
    if (v.type === "progress") {
      problem({ kind: "dropped", line: e.line, reason: "progress record (not conversation)" });
      continue;
    }
    if (v.type === "attachment") {
      // A prompt the user queued while the agent worked is a user turn; other attachments are context.
      const a = v.attachment;
      if (isDict(a) && a.type === "queued_command" && a.isMeta !== true && (typeof a.prompt === "string" || Array.isArray(a.prompt))) {
        conversation.user({ content: a.prompt });
        first ??= e;
      } else problem({ kind: "dropped", line: e.line, reason: `attachment (${isDict(a) ? String(a.type) : "unknown"})` });
      continue;
    }
    const message = v.message;
    if (!isDict(message)) {
      problem({ kind: "dropped", line: e.line, reason: `${String(v.type)} line without a message` });
      continue;
    }
    if (v.type === "user") {
      const noise = userNoise(v, message);
      if (noise !== null) {
        problem({ kind: "dropped", line: e.line, reason: noise });
        continue;
      }
      reportUnreadBlocks(message, e.line, problem);
      conversation.user(message);
    } else {
      // Claude Code's own stand-in replies (API errors, "No response requested.") are no model output.
      if (message.model === "<synthetic>") {
        problem({ kind: "dropped", line: e.line, reason: "synthetic assistant message (API error or no response)" });
        continue;
      }
      conversation.assistant(message);
    }
    first ??= e;
    context ??= v;
  }
  if (first === undefined) return null;
  const row: Dict = { steps: conversation.steps(), conversation_id: sessionId, session_id: sessionId };
  if (typeof first.value.uuid === "string") row.first_uuid = first.value.uuid;
  const usage = conversation.usage();
  if (usage !== undefined) row.usage = usage;
  if (conversation.modelVersion !== undefined) row.model_version = conversation.modelVersion;
  for (const [from, to] of [["cwd", "cwd"], ["version", "claude_code_version"], ["gitBranch", "git_branch"]] as const) {
    if (context !== undefined && typeof context[from] === "string" && context[from] !== "") row[to] = context[from];
  }
  return row;
}
