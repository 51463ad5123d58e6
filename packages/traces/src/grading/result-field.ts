/**
 * `str(as_dict(result).get(key, ""))`: a field of a tool result as Python's `str()` writes it.
 * For a JSON-text result whose field holds a number or a container, the text is written from the
 * JSON text itself: Python's dict keeps the text's key order, where a parsed JS object has moved
 * integer-like keys ("10", "2") first, and Python writes a float literal as a float ("404.0"),
 * which a JS number forgets. Either one changes a signature or a fault chip.
 */
import { pyFloatRepr, pyStr, pyStringRepr, readJson, type Dict, type JsonBuilder } from "@whileai/hash-embed/internal";

/**
 * `str(data.get(key, ""))`, where `data` is `readDict(result)`. `key` is a field name no
 * Object.prototype property carries ("status", "reason"), so a plain read finds only its own value.
 */
export function resultField(result: unknown, data: Dict, key: "status" | "reason"): string {
  const value = data[key];
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  // Only numbers and containers can be written differently from the text; None and bools cannot.
  if (typeof result !== "string" || value === null || typeof value === "boolean") return pyStr(value);
  let fields = textFields.get(data);
  if (fields === undefined) textFields.set(data, (fields = readFields(result)));
  return fields.get(key) ?? pyStr(value);
}

// Keyed by the parsed dict, which readDict shares between reads of the same text.
const textFields = new WeakMap<Dict, Map<string, string>>();

/** Each top-level field of a JSON object text, as Python's `repr()` of its value. */
function readFields(text: string): Map<string, string> {
  top = new Map();
  try {
    readJson(text, REPR);
  } catch {
    return new Map(); // readDict parsed it, so this is not reached; the parsed value then answers.
  }
  return top;
}

// The last object built is the outermost one: its entries are the fields.
let top = new Map<string, string>();

const WORDS: Record<string, string> = { true: "True", false: "False", null: "None", NaN: "nan", Infinity: "inf", "-Infinity": "-inf" };

/** Python's `repr()` of each JSON value, built from the literal text. */
const REPR: JsonBuilder<string> = {
  number(literal) {
    if (!/[.eE]/.test(literal)) return BigInt(literal).toString(); // an int, exact; "-0" is 0
    return pyFloatRepr(Number(literal)); // "1e400" is inf
  },
  string: (value) => pyStringRepr(value),
  word: (word) => WORDS[word],
  array: (items) => `[${items.join(", ")}]`,
  object(entries) {
    top = entries;
    return `{${Array.from(entries, ([key, value]) => `${pyStringRepr(key)}: ${value}`).join(", ")}}`;
  },
};
