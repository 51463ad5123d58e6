/**
 * `behavior_signature` (traces-helpers.md §2.7): 12 hex characters naming what an agent did,
 * the same as Python's, so two SDKs count the same distinct behaviours. The hash is over
 * Python's `repr` of the payload, so every piece is rendered exactly as Python renders it.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { compareStrings, get, has, isDict, or, pyJsonDumps, pyStr, pyStringRepr, pyStrip, type Dict } from "../py/index.js";
import { asDict } from "./as-dict.js";

const REFUSALS = ["can't", "cannot", "unable", "won't"];

/** `str(d.get(key, ""))`: a missing key is "", a None value "None". */
function strField(d: Dict, key: string): string {
  return has(d, key) ? pyStr(d[key]) : "";
}

/**
 * `prior`: the lowercased `json.dumps` of every earlier step's result, joined. Built only as far
 * as a provenance test needs it, since most arguments are settled by the prompt or are empty.
 */
class Prior {
  private text = "";
  private built = 0;
  readonly results: unknown[] = [];

  includes(needle: string): boolean {
    while (this.built < this.results.length) this.text += pyJsonDumps(this.results[this.built++]).toLowerCase();
    return this.text.includes(needle);
  }
}

/** `_arg_provenance`: where an argument value came from. */
function provenance(value: unknown, prompt: string, prior: Prior): string {
  const text = pyStrip(pyStr(value)).toLowerCase();
  if (text === "") return "absent";
  if (prompt.includes(text)) return "user";
  if (prior.includes(text)) return "derived";
  return "invented";
}

/** `((key, provenance), ...)` over the argument keys in code-point order, as Python's repr. */
function argumentShape(args: Dict, prompt: string, prior: Prior): string {
  const keys: string[] = [];
  for (const key in args) if (args[key] !== undefined) keys.push(key);
  if (keys.length === 0) return "()";
  // Keys of one dict are distinct, so sorting the (key, provenance) pairs is sorting the keys.
  if (keys.length > 1) keys.sort(compareStrings);
  let out = "(";
  for (let i = 0; i < keys.length; i++) {
    if (i > 0) out += ", ";
    out += `(${pyStringRepr(keys[i])}, '${provenance(args[keys[i]], prompt, prior)}')`;
  }
  return keys.length === 1 ? out + ",)" : out + ")";
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

/**
 * Python's `repr(payload)` for `payload = (tuple(shape), refusal, bucket)`, the text the signature
 * hashes. The tuple reprs are written out directly (strings through `pyStringRepr`): this runs
 * once per row in `mineTraces`, and equal payloads mean equal signatures.
 */
export function behaviorPayload(trajectory: unknown): string {
  // Python would crash on a non-dict trajectory; it reads as an empty one here.
  const row: Dict = isDict(trajectory) ? trajectory : {};
  const prompt = strField(row, "prompt").toLowerCase();
  const prior = new Prior();
  const shape: string[] = [];
  const steps = get(row, "steps");
  // A string or dict `steps` yields characters or keys: non-dicts, read as `{}`, with no tool.
  if (Array.isArray(steps)) {
    for (const item of steps) {
      const step: Dict = isDict(item) ? item : {};
      const tool = strField(step, "tool");
      if (tool === "") continue;
      const args = or(get(step, "arguments"), {});
      const argShape = isDict(args) ? argumentShape(args, prompt, prior) : "()";
      const result = get(step, "result");
      shape.push(`(${pyStringRepr(tool)}, ${argShape}, ${pyStringRepr(strField(asDict(result), "status"))})`);
      prior.results.push(result);
    }
  }
  const final = strField(row, "final_text").toLowerCase();
  const refusal = REFUSALS.some((word) => final.includes(word));
  const bucket = Math.min(Math.floor(wordCount(final) / 12), 12);
  const shapes = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(", ")})`;
  return `(${shapes}, ${refusal ? "True" : "False"}, ${bucket})`;
}

/** The signature of a payload from `behaviorPayload`: sha256 of its UTF-8, first 12 hex characters. */
export function payloadSignature(payload: string): string {
  return bytesToHex(sha256(utf8ToBytes(payload))).slice(0, 12);
}

/** `behavior_signature(trajectory)`: 12 hex characters, equal to Python's. */
export function behaviorSignature(trajectory: unknown): string {
  return payloadSignature(behaviorPayload(trajectory));
}

/**
 * `behaviorSignature` that hashes each distinct payload once. Traces repeat a handful of
 * behaviours many times over, so per-row callers (mining, splitting) keep one of these per call.
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
