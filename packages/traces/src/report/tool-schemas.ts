/**
 * `tools.schemas(tools)` (traces-helpers.md §5.1): the one place `tools=` is normalised.
 *
 * Python also accepts `@wai.tool` functions and plain typed functions and builds their schema
 * from the signature's type hints and the docstring. A JavaScript function carries neither, so
 * there is nothing to build a schema from: only OpenAI function schemas (plain objects) are
 * accepted here, and a function gets the same TypeError as any other unsupported item.
 */
import { type Dict, isDict, isNone, isPyInt, pyTypeName } from "@whileai/hash-embed/internal";

/** An OpenAI function schema, `{"type": "function", "function": {"name", ...}}`, passed through as is. */
export type ToolSchema = Dict;

/** What `for t in tools` walks: a dict yields its keys and a string its characters, as in Python. */
function items(tools: unknown): Iterable<unknown> {
  if (isDict(tools)) return Object.keys(tools);
  if (typeof tools === "string" || (typeof tools === "object" && tools !== null && Symbol.iterator in tools)) {
    return tools as Iterable<unknown>;
  }
  throw new TypeError(`'${pyTypeName(tools)}' object is not iterable`);
}

/**
 * `schemas(tools)`: null/undefined stay null (the caller's "no tools" branch); plain objects
 * pass through unchanged; anything else throws Python's TypeError.
 */
export function toolSchemas(tools: unknown): ToolSchema[] | null {
  if (isNone(tools)) return null;
  const out: ToolSchema[] = [];
  for (const tool of items(tools)) {
    if (!isDict(tool)) {
      throw new TypeError(
        "tools= takes @wai.tool functions, plain functions or OpenAI function schemas (dicts); " +
          `got ${pyTypeName(tool)}`,
      );
    }
    out.push(tool);
  }
  return out;
}
