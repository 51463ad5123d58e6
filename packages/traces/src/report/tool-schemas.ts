/**
 * `tools.schemas(tools)` (traces-helpers.md §5.1): the one place the `tools` option is normalised.
 *
 * Python also accepts `@wai.tool` functions and plain typed functions and builds their schema
 * from the signature's type hints and the docstring. A JavaScript function carries neither, so
 * there is nothing to build a schema from: only OpenAI function schemas (plain objects) are
 * accepted here, and a function gets the same TypeError as any other unsupported item.
 */
import { type Dict, isDict, isNone } from "@whileai/hash-embed/internal";
import { typeName } from "../rows/options.js";

/**
 * A tool as the agent declares it, passed through as is: an OpenAI function schema
 * `{ type: "function", function: { name, description, parameters } }` or its flat form
 * `{ name, description, parameters }`. Typed as any object so interfaces such as `InferredTool`
 * fit (an interface is not assignable to `Record<string, unknown>`); at run time each one must
 * be a plain object, else Python's TypeError.
 */
export type ToolSchema = object;

const EXPECTED = "traceReport: option tools: expected an array of OpenAI function schemas (plain objects)";

/** What `for t in tools` walks: a dict yields its keys and a string its characters, as in Python. */
function items(tools: unknown): Iterable<unknown> {
  if (isDict(tools)) return Object.keys(tools);
  if (typeof tools === "string" || (typeof tools === "object" && tools !== null && Symbol.iterator in tools)) {
    return tools as Iterable<unknown>;
  }
  throw new TypeError(`${EXPECTED}, got ${typeName(tools)}`);
}

/** What the caller passed where Python raises: the whole value when it is no list at all, else the item. */
function passed(tools: unknown, tool: unknown, index: number): string {
  if (isDict(tools)) return "an object (a single schema goes in an array)";
  if (typeof tools === "string") return "a string";
  return `${typeName(tool)} at index ${index}`;
}

/**
 * `schemas(tools)`: null/undefined stay null (the caller's "no tools" branch); plain objects
 * pass through unchanged; anything else throws a TypeError where Python does.
 */
export function toolSchemas(tools: unknown): Dict[] | null {
  if (isNone(tools)) return null;
  const out: Dict[] = [];
  for (const tool of items(tools)) {
    if (!isDict(tool)) throw new TypeError(`${EXPECTED}, got ${passed(tools, tool, out.length)}`);
    out.push(tool);
  }
  return out;
}
