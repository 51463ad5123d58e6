/**
 * Result exemplars (traces.md §5). Agent specs declare tool inputs but rarely result shapes, so
 * invented results drift from the real product; a few real payloads per tool, one per shape,
 * become templates for the simulator's results.
 */
import * as z from "zod/mini";
import {
  NO_FAULT,
  SHAPE_KEY_KEYS,
  SHAPE_TEXT_BANDS,
  TRACE_EXEMPLAR_DICT_KEYS,
  TRACE_EXEMPLAR_LIST_ITEMS,
  TRACE_EXEMPLAR_MAX_CHARS,
  TRACE_EXEMPLAR_STRING_CHARS,
  TRACE_EXEMPLARS_PER_TOOL,
} from "./constants.js";
import { traceFault } from "./grading/index.js";

import { type Dict, has, isDict, pyFloatRepr, pyHead, pyInt, pyItems, pyJsonDumps, pyJsonLoadsOr, pyJsonString, pyLen, pyStr, pyTypeName, readJson, sortedStrings, truthy, type JsonBuilder } from "@whileai/hash-embed/internal";
import { normalizeStep } from "./rows/normalize-step.js";
import { parseOptions, typeName } from "./rows/options.js";

export interface ExemplarOptions {
  /** Most exemplars kept per tool (`per_tool`, default 3). */
  perTool?: number;
  /** Longest serialized exemplar kept, in characters (`max_chars`, default 500). */
  maxChars?: number | string;
}

const ExemplarOptionsSchema = z.strictObject({
  // Python compares len(kept) >= per_tool only once a candidate gets that far, so a cap it cannot
  // compare raises only then, and a bool is the int it stands for.
  perTool: z.optional(z.unknown()),
  // Python runs int(max_chars) inside a try: a value int() rejects skips every candidate.
  maxChars: z.optional(z.unknown()),
});

/** `_exemplar_value`: a JSON string result is read as the value it encodes. */
export function exemplarValue(result: unknown): unknown {
  return typeof result === "string" ? pyJsonLoadsOr(result, result) : result;
}

/** `_exemplar_shape_key`: record keys, list item shape, or a text length band. */
export function exemplarShapeKey(value: unknown): string {
  if (isDict(value)) return "dict:" + sortedStrings(Object.keys(value).filter((k) => value[k] !== undefined)).slice(0, SHAPE_KEY_KEYS).join(",");
  if (Array.isArray(value)) return "list:" + (value.length ? exemplarShapeKey(value[0]) : "empty");
  if (typeof value === "string") return `str:${Math.min(Math.floor(pyLen(value) / 100), SHAPE_TEXT_BANDS)}`;
  return pyTypeName(value);
}


/** `_trim_exemplar` with its default limits (the recursion always uses the defaults). */
export function trimExemplar(value: unknown): unknown {
  if (typeof value === "string") {
    if (pyLen(value) <= TRACE_EXEMPLAR_STRING_CHARS) return value;
    return pyHead(value, TRACE_EXEMPLAR_STRING_CHARS - 3) + "...";
  }
  if (Array.isArray(value)) return value.slice(0, TRACE_EXEMPLAR_LIST_ITEMS).map(trimExemplar);
  if (isDict(value)) {
    const entries: [string, unknown][] = [];
    for (const key of Object.keys(value)) {
      if (value[key] === undefined) continue;
      if (entries.length >= TRACE_EXEMPLAR_DICT_KEYS) break;
      entries.push([key, trimExemplar(value[key])]);
    }
    return Object.fromEntries(entries);
  }
  return value;
}

/**
 * A JSON-text result is read from the text, not from its parsed JS value, where Python's parse
 * keeps what a JS one loses: the text's key order (a JS object moves integer-like keys such as
 * "10" first, so trimming it would keep a different twelve) and float literals (`2.0` is a float
 * to Python: shape "float", dumped as "2.0").
 */
interface TextExemplar {
  /** `_trim_exemplar(json.loads(text))`, as a JS value. */
  value: unknown;
  /** `json.dumps` of that trimmed value, as Python writes it. */
  dump: string;
}

/** `_trim_exemplar(json.loads(text))`, trimmed in the text's key order. */
export function trimExemplarText(text: string): unknown {
  return readJson(text, TRIM).value;
}

/** `_exemplar_shape_key(json.loads(text))`. */
export function exemplarShapeKeyText(text: string): string {
  return readJson(text, SHAPE);
}

const WORDS: Record<string, unknown> = { true: true, false: false, null: null, NaN: NaN, Infinity: Infinity, "-Infinity": -Infinity };

/** `json.dumps` of a number literal: an int exactly ("-0" is 0), a float by its repr. */
function dumpNumber(literal: string): string {
  if (!/[.eE]/.test(literal)) return BigInt(literal).toString();
  const x = Number(literal);
  return x === Infinity ? "Infinity" : x === -Infinity ? "-Infinity" : pyFloatRepr(x);
}

// Each value is trimmed as it is built, innermost first: the same result as trimming top-down.
const TRIM: JsonBuilder<TextExemplar> = {
  number: (literal) => ({ value: Number(literal), dump: dumpNumber(literal) }),
  string(value) {
    const trimmed = trimExemplar(value) as string;
    return { value: trimmed, dump: pyJsonString(trimmed) };
  },
  word: (word) => ({ value: WORDS[word], dump: word }),
  array(items) {
    const kept = items.slice(0, TRACE_EXEMPLAR_LIST_ITEMS);
    return { value: kept.map((item) => item.value), dump: `[${kept.map((item) => item.dump).join(", ")}]` };
  },
  object(entries) {
    const kept = [...entries].slice(0, TRACE_EXEMPLAR_DICT_KEYS);
    return {
      // Object.fromEntries keeps a "__proto__" key as data, as JSON.parse does.
      value: Object.fromEntries(kept.map(([key, item]) => [key, item.value])),
      dump: `{${kept.map(([key, item]) => `${pyJsonString(key)}: ${item.dump}`).join(", ")}}`,
    };
  },
};

const SHAPE: JsonBuilder<string> = {
  number: (literal) => (/[.eE]/.test(literal) ? "float" : "int"),
  string: (value) => `str:${Math.min(Math.floor(pyLen(value) / 100), SHAPE_TEXT_BANDS)}`,
  word: (word) => (word === "true" || word === "false" ? "bool" : word === "null" ? "NoneType" : "float"),
  array: (items) => "list:" + (items.length ? items[0] : "empty"),
  object: (entries) => "dict:" + sortedStrings(entries.keys()).slice(0, SHAPE_KEY_KEYS).join(","),
};

/** Python's `int(max_chars)`, run inside a try: a cap int() refuses gives null, and Python then skips every candidate. */
function maxCharsCap(x: unknown): number | null {
  try {
    return pyInt(x);
  } catch {
    return null;
  }
}

/** `count >= perTool`, a TypeError (where Python raises one) for a cap that is not a number. */
function reached(count: number, cap: unknown): boolean {
  if (typeof cap === "number" || typeof cap === "boolean") return count >= Number(cap);
  if (typeof cap === "bigint") return BigInt(count) >= cap;
  throw new TypeError(`mineResultExemplars: option perTool must be a number, got ${typeName(cap)}`);
}

/** A bare `{"status": ...}` / `{"ok": ...}` acknowledgement carries no shape worth copying. */
function isBareStatus(value: Dict): boolean {
  for (const key of Object.keys(value)) if (value[key] !== undefined && key !== "status" && key !== "ok") return false;
  return true;
}

/**
 * `mine_result_exemplars`: up to `perTool` clean, non-empty result payloads per tool, one per
 * shape, each parsed, trimmed and at most `maxChars` characters once serialized.
 */
export function mineResultExemplars(rows: Iterable<unknown> | null | undefined, options?: ExemplarOptions): Record<string, unknown[]> {
  const opts = parseOptions(ExemplarOptionsSchema, options, "mineResultExemplars");
  const perTool = opts.perTool === undefined ? TRACE_EXEMPLARS_PER_TOOL : opts.perTool;
  const maxChars = maxCharsCap(opts.maxChars === undefined ? TRACE_EXEMPLAR_MAX_CHARS : opts.maxChars);
  const out = new Map<string, unknown[]>();
  const seen = new Map<string, Set<string>>();
  for (const row of pyItems(rows)) {
    if (!isDict(row)) continue;
    for (const raw of pyItems(row.steps)) {
      if (!isDict(raw) || !truthy(raw.tool)) continue;
      const step = normalizeStep(raw);
      if (!has(step, "result")) continue;
      const name = pyStr(step.tool);
      const value = exemplarValue(step.result);
      if (!truthy(value)) continue;
      if (isDict(value) && isBareStatus(value)) continue;
      // The JSON text of a parsed dict is graded as the dict: its fields are then read as Python wrote them.
      const text = typeof step.result === "string" && value !== step.result ? step.result : null;
      if (traceFault({ steps: [{ tool: name, result: text !== null && isDict(value) ? text : value }] }) !== NO_FAULT) continue;
      // The tool's entry exists from here on, even if nothing is kept for it.
      let kept = out.get(name);
      if (!kept) out.set(name, (kept = []));
      if (reached(kept.length, perTool)) continue;
      const key = text !== null ? exemplarShapeKeyText(text) : exemplarShapeKey(value);
      let shapes = seen.get(name);
      if (!shapes) seen.set(name, (shapes = new Set()));
      if (shapes.has(key)) continue;
      const trimmed = text !== null ? readJson(text, TRIM) : { value: trimExemplar(value), dump: "" };
      // An oversized payload does not claim its shape: a smaller one of the same shape may follow.
      if (maxChars === null || (text !== null ? trimmed.dump : pyJsonDumps(trimmed.value)).length > maxChars) continue;
      shapes.add(key);
      kept.push(trimmed.value);
    }
  }
  return Object.fromEntries([...out].filter(([, kept]) => kept.length > 0));
}

/**
 * `exemplar_result_shapes`: one dict template per tool, the first record-shaped exemplar, or
 * `{"results": [first record]}` for a list of records. Tools with neither are left out.
 */
export function exemplarResultShapes(
  exemplars: Record<string, unknown> | Map<string, unknown> | null | undefined,
): Record<string, Dict> {
  const out: [string, Dict][] = [];
  const entries = exemplars instanceof Map ? [...exemplars] : isDict(exemplars) ? Object.entries(exemplars) : [];
  for (const [name, values] of entries) {
    for (const value of pyItems(values)) {
      if (isDict(value) && truthy(value)) {
        out.push([pyStr(name), { ...value }]);
        break;
      }
      if (Array.isArray(value) && value.length > 0 && isDict(value[0])) {
        out.push([pyStr(name), { results: [{ ...value[0] }] }]);
        break;
      }
    }
  }
  return Object.fromEntries(out);
}
