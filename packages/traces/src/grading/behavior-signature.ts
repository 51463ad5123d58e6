/**
 * `behavior_signature` (traces-helpers.md §2.7): 12 hex characters naming what an agent did,
 * the same as Python's, so two SDKs count the same distinct behaviours. The hash is over
 * Python's `repr` of the payload `(tuple(shape), refusal, bucket)`, so every piece is rendered
 * exactly as Python renders it.
 */
import { compareStrings, isDict, pyJsonDumps, pyLower, pyStr, pyStringRepr, pyStrip, type Dict } from "@whileai/hash-embed/internal";
import { readDict } from "./as-dict.js";
import { addDumpChars, asciiSet, clearSet, holdsAll } from "./dump-chars.js";
import { resultField } from "./result-field.js";
import { TextMemo } from "../text-memo.js";
import { PADDING_ROOM, sha256Head48, sha256Head48Of } from "../sha256.js";

const REFUSALS = ["can't", "cannot", "unable", "won't"];
const EMPTY: Dict = Object.freeze({}) as Dict;

/**
 * `str(d.get(key, ""))` for the value `d[key]` read as a plain property (none of the fixed keys
 * read here is a name Object.prototype carries): a missing key is "", a None value "None".
 */
function strField(value: unknown): string {
  return value === undefined ? "" : pyStr(value);
}

/**
 * `prior`: the lowercased `json.dumps` of every earlier step's result, joined. Built only as far
 * as a provenance test needs it, since most arguments are settled by the prompt or are empty;
 * and most that are not settled there are not in this text either, which the set of characters
 * it can hold mostly tells without it. One instance is reset per row: nothing in a payload read
 * re-enters it.
 */
class Prior {
  private text = "";
  private built = 0;
  private readonly chars = asciiSet();
  private charsRead = 0;
  // Counted rather than truncated: `length = 0` would drop the list's storage every row.
  private count = 0;
  private readonly results: unknown[] = [];

  reset(): void {
    this.text = "";
    this.built = 0;
    clearSet(this.chars);
    this.charsRead = 0;
    this.count = 0;
  }

  push(result: unknown): void {
    this.results[this.count++] = result;
  }

  includes(needle: string): boolean {
    while (this.charsRead < this.count) addDumpChars(this.chars, this.results[this.charsRead++]);
    if (!holdsAll(this.chars, needle)) return false;
    while (this.built < this.count) this.text += pyJsonDumps(this.results[this.built++]).toLowerCase();
    return this.text.includes(needle);
  }
}

const prior = new Prior();

/**
 * The row's prompt, lowercased on first use: rows whose arguments are all empty (or that have
 * none) never need it. Reset per row with `prior`.
 */
let promptSource = "";
let promptLower: string | null = null;

// A float's `str` (its shortest round-trip digits) is the dearest part of reading an argument,
// and amounts repeat. A Map takes -0 and 0 for one key; both read "0".
const numberTexts = new TextMemo<string, number>(pyStr, 0, 4096);

/** `_arg_provenance`: where an argument value came from. */
function provenance(value: unknown): string {
  // A number's `str` has neither spaces nor capitals.
  const text = typeof value === "number" ? numberTexts.get(value) : pyLower(pyStrip(pyStr(value)));
  if (text === "") return "absent";
  promptLower ??= pyLower(promptSource);
  if (promptLower.includes(text)) return "user";
  if (prior.includes(text)) return "derived";
  return "invented";
}

// str.isspace() code points; surrogate halves are never space, so UTF-16 units suffice.
function isSpace(c: number): boolean {
  if (c < 0x80) return c === 32 || (c >= 9 && c <= 13) || (c >= 0x1c && c <= 0x1f);
  return c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

/** `len(text.split())` without building the list. */
function wordCount(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = isSpace(text.charCodeAt(i));
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}

/** `, refusal, min(len(final.split()) // 12, 12))`: the payload after the shape tuple. */
function tailOf(text: string): string {
  const final = pyLower(text);
  const refusal = REFUSALS.some((word) => final.includes(word));
  const bucket = Math.min(Math.floor(wordCount(final) / 12), 12);
  return `, ${refusal ? "True" : "False"}, ${bucket})`;
}

// Agents repeat their closing lines, so the final text's part of the payload is kept per text.
const tails = new TextMemo(tailOf, 512, 2048);

// Tool names, argument keys and statuses come from a small vocabulary repeated on every row:
// their reprs are kept rather than rebuilt.
const reprs = new TextMemo(pyStringRepr, 64, 4096);

/** `pyStringRepr`, remembered for short texts. */
function stringRepr(s: string): string {
  return reprs.get(s);
}

/**
 * Scratch list of a dict's keys, reused: `Object.keys` would allocate an array per step. Its
 * first `count` entries are the keys; it is never truncated, which would drop its storage.
 */
const keyScratch: string[] = [];

/**
 * The dict's own keys, in order, into `keyScratch`, and how many; a key holding undefined is not
 * in it (JSON never makes one). `isDict` admits only plain or null-prototype objects, so
 * `for...in` sees own keys plus anything enumerable added to Object.prototype, which `hasOwn`
 * filters out.
 */
function definedKeys(args: Dict): number {
  const keys = keyScratch;
  let count = 0;
  for (const key in args) if (args[key] !== undefined && Object.hasOwn(args, key)) keys[count++] = key;
  return count;
}

// Argument dicts have a handful of keys: sorted in place by insertion, where `Array#sort` copies
// the list into a work array per call. Larger dicts take `sort` on a copy.
const INSERTION_SORT_KEYS = 16;

function sortKeys(keys: string[], count: number): void {
  if (count > INSERTION_SORT_KEYS) {
    const sorted = keys.slice(0, count).sort(compareStrings);
    for (let i = 0; i < count; i++) keys[i] = sorted[i];
    return;
  }
  for (let i = 1; i < count; i++) {
    const key = keys[i];
    let j = i - 1;
    for (; j >= 0 && compareStrings(keys[j], key) > 0; j--) keys[j + 1] = keys[j];
    keys[j + 1] = key;
  }
}

/**
 * Writes the argument pairs as tokens from `out[at]`: their count, then `key, provenance` sorted
 * by key (a dict's keys are distinct). Returns the index after them.
 */
function writeArgumentTokens(out: unknown[], at: number, args: Dict): number {
  const count = definedKeys(args);
  const keys = keyScratch;
  if (count > 1) sortKeys(keys, count);
  out[at++] = count;
  for (let i = 0; i < count; i++) {
    out[at++] = keys[i];
    out[at++] = provenance(args[keys[i]]);
  }
  return at;
}

/**
 * What a row's payload is made of, as a flat token list into `out`: per step with a tool
 * `tool, n, key1, provenance1, ..., keyn, provenancen, status` (n a number, the rest strings),
 * and last the text after the shape tuple (`", False, 0)"`). The list reads back one way only,
 * so equal lists are equal payloads: counters of distinct behaviours compare these, and render
 * a payload only for a list they have not seen. The list is written from `out[0]` and its length
 * returned; `out` is never truncated (that would drop its storage each row), so entries past the
 * length are stale.
 */
export function behaviorTokens(trajectory: unknown, out: unknown[]): number {
  // Python would crash on a non-dict trajectory; it reads as an empty one here.
  const row: Dict = isDict(trajectory) ? trajectory : EMPTY;
  promptSource = strField(row.prompt);
  promptLower = null;
  prior.reset();
  let at = 0;
  const steps = row.steps;
  // A string or dict `steps` yields characters or keys: non-dicts, read as `{}`, with no tool.
  if (Array.isArray(steps)) {
    for (let i = 0; i < steps.length; i++) {
      const item = steps[i];
      const step: Dict = isDict(item) ? item : EMPTY;
      const tool = strField(step.tool);
      if (tool === "") continue;
      out[at++] = tool;
      const args = step.arguments;
      // `s.get("arguments") or {}`: only a dict has pairs, and an empty or falsy one has none.
      if (isDict(args)) at = writeArgumentTokens(out, at, args);
      else out[at++] = 0;
      const result = step.result ?? null;
      out[at++] = resultField(result, readDict(result), "status");
      // Pushed after this step's arguments are read: they are judged against earlier results only.
      prior.push(result);
    }
  }
  out[at++] = tails.get(strField(row.final_text));
  return at;
}

// The payload is written as UTF-8 straight into one reused buffer, which the hash reads in
// place: no list of pieces, joined text or encoding step per distinct payload.
const encoder = new TextEncoder();
const decoder = new TextDecoder();
let utf8 = new Uint8Array(1024);
let used = 0;

/** Appends a piece's UTF-8, keeping `PADDING_ROOM` bytes free after it for the hash. */
function put(piece: string): void {
  const n = piece.length;
  const room = used + n * 3 + PADDING_ROOM;
  if (room > utf8.length) {
    const grown = new Uint8Array(room * 2);
    grown.set(utf8.subarray(0, used));
    utf8 = grown;
  }
  const buf = utf8;
  for (let i = 0; i < n; i++) {
    const c = piece.charCodeAt(i);
    if (c >= 0x80) {
      // All before `i` is ASCII, so the slice starts on a whole character.
      used += encoder.encodeInto(piece.slice(i), buf.subarray(used)).written;
      return;
    }
    buf[used++] = c;
  }
}

/**
 * Python's `repr` of one step's shape `(tool, ((key, provenance), ...), status)`, from its tokens
 * at `tokens[at]` (`tool, n, n pairs, status`; there are `stepTokens(n)` of them).
 */
export function stepRepr(tokens: readonly unknown[], at: number): string {
  let out = "(" + stringRepr(tokens[at] as string) + ", ";
  const n = tokens[at + 1] as number;
  at += 2;
  if (n === 0) out += "()";
  else {
    out += "(";
    for (let i = 0; i < n; i++, at += 2) out += (i > 0 ? ", (" : "(") + stringRepr(tokens[at] as string) + ", '" + (tokens[at + 1] as string) + "')";
    out += n === 1 ? ",)" : ")";
  }
  return out + ", " + stringRepr(tokens[at] as string) + ")";
}

/** How many tokens a step with `n` argument pairs has. */
export function stepTokens(n: number): number {
  return 3 + 2 * n;
}

/**
 * Python's `repr(payload)` for `payload = (tuple(shape), refusal, bucket)` from its first
 * `length` tokens, written into `utf8[0, used)`: `((` step reprs joined by `, ` (a one-step
 * tuple with its trailing comma) `)` and the tail. Strings go through `pyStringRepr`, so no lone
 * surrogate is written.
 */
function writePayload(tokens: readonly unknown[], length: number): void {
  used = 0;
  put("((");
  let count = 0;
  const last = length - 1;
  for (let at = 0; at < last; at += stepTokens(tokens[at + 1] as number)) {
    if (count++ > 0) put(", ");
    put(stepRepr(tokens, at));
  }
  put(count === 1 ? ",)" : ")");
  put(tokens[last] as string);
}

/** Python's `repr(payload)` from the first `length` tokens of a `behaviorTokens` list. */
export function renderPayload(tokens: readonly unknown[], length: number): string {
  writePayload(tokens, length);
  return decoder.decode(utf8.subarray(0, used));
}

/** The signature, as the number of its 48 bits, of the payload of these tokens. */
export function payloadHead48(tokens: readonly unknown[], length: number): number {
  writePayload(tokens, length);
  return sha256Head48Of(utf8, used);
}

/** Python's `repr(payload)`: the text the signature hashes. */
export function behaviorPayload(trajectory: unknown): string {
  return renderPayload(tokenScratch, behaviorTokens(trajectory, tokenScratch));
}

/** Scratch list of tokens, reused: a payload read never re-enters itself. */
const tokenScratch: unknown[] = [];

/** The signature of a payload text: sha256 of its UTF-8, first 12 hex characters. */
export function payloadSignature(payload: string): string {
  return sha256Head48(payload).toString(16).padStart(12, "0");
}

/** `behavior_signature(trajectory)`: 12 hex characters, equal to Python's. */
export function behaviorSignature(trajectory: unknown): string {
  return payloadHead48(tokenScratch, behaviorTokens(trajectory, tokenScratch)).toString(16).padStart(12, "0");
}

/**
 * `behaviorSignature` that hashes each distinct payload once. Traces repeat their behaviours,
 * so per-row callers (mining, splitting) keep one of these per call.
 */
export function signatureCache(): (trajectory: unknown) => string {
  const known = new Map<string, string>();
  return (trajectory) => {
    const payload = behaviorPayload(trajectory);
    let signature = known.get(payload);
    if (signature === undefined) known.set(payload, (signature = payloadSignature(payload)));
    return signature;
  };
}
