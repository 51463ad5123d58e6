/**
 * Policy text to short rule clauses, the `rule` axis of the coverage grid (traces-helpers.md §3.3,
 * Python `generate/scenarios.py`). The patterns are Python `re` patterns translated by hand:
 * Python's `\s` is Unicode whitespace as `str.isspace()` defines it (JS `\s` differs on
 * \x1c-\x1f, \x85 and \ufeff), `\d` is any Unicode decimal digit, and `\b` is Unicode-aware.
 */
import { pyHead, pyLen, pyLower, pyStr, pyStrip, truthy } from "@whileai/hash-embed/internal";

/** Python's default rule-axis cap (`RULE_AXIS_CAP_GRID`). */
export const RULE_AXIS_CAP_GRID = 16;
/** `TEXT_HEURISTICS.clause_min_chars`: shorter pieces are not rules. */
const CLAUSE_MIN_CHARS = 8;
/** A longer clause is cut at a word boundary to serve as a coverage label. */
const MAX_CLAUSE = 120;

// Python `\s` for str patterns: the str.isspace() set.
const WS = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const S = `[${WS}]`;

const BLANK_LINE = new RegExp(`\\n${S}*\\n`, "u");
// A newline that starts a heading, a numbered item, a bullet or a "Label:" line.
const ITEM_BREAK = new RegExp(`\\n(?=${S}*(?:#{1,6}${S}|\\p{Nd}+[.)]${S}|[-*•]${S}|[A-Z][^:\\n]{1,40}:${S}))`, "u");
const ROLE_SENTENCE_END = new RegExp(`(?<=[.!;])${S}+`, "u");
const SENTENCE_END = new RegExp(`(?<=[.!?])${S}+`, "u");
const SEMICOLON = new RegExp(`;${S}+`, "u");
const SPACE_RUN = new RegExp(`${S}+`, "gu");
const LIST_MARKER = new RegExp(`^(?:#{1,6}${S}+|\\p{Nd}+[.)]${S}+|[-*•]${S}+)`, "u");
// `\b` after the phrase, as Python reads it: the next character is not a Unicode word character.
// (Python's IGNORECASE also lets ı and İ match `i`, but the only `i` here is in the optional
// " is", and "your role" alone then matches anyway.)
const ROLE_START = /^(?:you are|you're|your role(?: is)?|you act as|act as)(?![\p{L}\p{N}_])/iu;

/** `_ROLE_START.match(text)`: an identity preamble ("You are ...") rather than a rule. */
function isRoleStart(text: string): boolean {
  return ROLE_START.test(text);
}

/** `s.strip(chars)` for an explicit set of characters. */
function stripChars(s: string, chars: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && chars.includes(s[start])) start++;
  while (end > start && chars.includes(s[end - 1])) end--;
  return s.slice(start, end);
}

/** `[s.strip() for s in pieces if s.strip()]` */
function strippedPieces(pieces: string[]): string[] {
  const out: string[] = [];
  for (const piece of pieces) {
    const s = pyStrip(piece);
    if (s) out.push(s);
  }
  return out;
}

function longEnough(pieces: string[]): boolean {
  return pieces.length >= 2 && pieces.every((s) => pyLen(s) >= CLAUSE_MIN_CHARS);
}

/** The policy as paragraphs split into items, each item into sentences, each sentence at semicolons. */
function candidateClauses(text: string): string[] {
  const parts: string[] = [];
  for (const block of text.split(BLANK_LINE)) if (pyStrip(block)) parts.push(...block.split(ITEM_BREAK));
  const expanded: string[] = [];
  for (const part of parts.length ? parts : [text]) {
    let raw = pyStrip(part);
    if (!raw) continue;
    if (isRoleStart(raw)) {
      // Drop the identity sentence; a part that is nothing but the preamble goes entirely.
      const end = ROLE_SENTENCE_END.exec(raw);
      if (!end) continue;
      raw = pyStrip(raw.slice(end.index + end[0].length));
      if (!raw) continue;
    }
    const sentences = strippedPieces(raw.split(SENTENCE_END));
    for (const chunk of longEnough(sentences) ? sentences : [raw]) {
      const semis = chunk
        .split(SEMICOLON)
        .filter((s) => pyStrip(s))
        .map((s) => stripChars(s, " \t-•"));
      if (longEnough(semis)) expanded.push(...semis);
      else expanded.push(chunk);
    }
  }
  return expanded;
}

/** One candidate as a coverage label, or null: collapsed, unmarked, and cut at a word under 120. */
function cleanClause(part: string): string | null {
  let clause = pyStrip(part.replace(SPACE_RUN, " "));
  clause = pyStrip(clause.replace(LIST_MARKER, ""));
  if (isRoleStart(clause) || pyLen(clause) < CLAUSE_MIN_CHARS) return null;
  if (pyLen(clause) > MAX_CLAUSE) {
    const head = pyHead(clause, MAX_CLAUSE);
    const space = head.lastIndexOf(" ");
    const cut = stripChars(space >= 0 ? head.slice(0, space) : head, " ,;:");
    if (pyLen(cut) < CLAUSE_MIN_CHARS) return null;
    clause = cut;
  }
  return clause;
}

/**
 * `policy_sections(policy, cap=...)`: the policy's rule clauses in document order, identity
 * preambles and case-insensitive duplicates dropped. `cap` (default 16) is the most returned;
 * `null` returns every clause. As in Python, a cap below 1 still returns the first clause.
 */
export function policySections(policy: unknown, cap: number | null = RULE_AXIS_CAP_GRID): string[] {
  const text = pyStrip(truthy(policy) ? pyStr(policy) : "");
  if (!text) return [];
  const cleaned: string[] = [];
  const seen = new Set<string>();
  for (const part of candidateClauses(text)) {
    const clause = cleanClause(part);
    if (clause === null) continue;
    const key = pyLower(clause);
    if (seen.has(key)) continue;
    seen.add(key);
    cleaned.push(clause);
    if (cap !== null && cleaned.length >= cap) return cleaned;
  }
  return cleaned;
}

/**
 * `rule_axis(policy, cap=...)`: `[clauses, total]`, the clauses on the axis (at most `cap`) and
 * how many the policy has, so a caller can say "16 of 163".
 */
export function ruleAxis(policy: unknown, cap: number | null = RULE_AXIS_CAP_GRID): [string[], number] {
  const every = policySections(policy, null);
  if (cap === null || every.length <= cap) return [every, every.length];
  // Python's every[:cap]: a negative cap counts from the end, as slice() does.
  return [every.slice(0, cap), every.length];
}
