/**
 * A tool span as one step (§5.5 step 5): a span is a tool span iff it carries tool arguments.
 * A failing status wraps the result as `{status: "error", output, error}`, the error being the
 * last exception event's `exception.message`.
 */
import * as py from "@whileai/hash-embed/internal";
import { first, parseValue, type Attributes } from "./attributes.js";
import { EXCEPTION_MESSAGE_KEY, TOOL_ERROR_STATUSES, TOOL_IN_KEYS, TOOL_NAME_KEYS, TOOL_OUT_KEYS, TOOL_STATUS_KEYS } from "./constants.js";
import { otlpValue } from "./otlp-value.js";
import { statusOf } from "./span-status.js";

export interface ToolStep {
  tool: string;
  arguments: unknown;
  result: unknown;
}

/** The step of a tool span, or null when the span is not one. */
export function toolSpanStep(span: py.Dict, attrs: Attributes): ToolStep | null {
  const args = first(attrs, TOOL_IN_KEYS);
  if (args === null) return null;
  const name = py.pyStr(py.or(py.or(first(attrs, TOOL_NAME_KEYS), py.get(span, "name")), "tool"));
  // Without `gen_ai.tool.status` (Python reads no failure), the span's own ERROR status says it (AI SDK 7's execute_tool spans).
  const status = py.pyLower(py.pyStr(py.or(first(attrs, TOOL_STATUS_KEYS), ""))) || statusOf(span);
  return { tool: name, arguments: parseValue(args), result: failed(span, status, parseValue(first(attrs, TOOL_OUT_KEYS))) };
}

/** Wraps the result of a failing tool, unless the result already says its own status. */
export function failed(span: py.Dict, status: string, result: unknown): unknown {
  if (!TOOL_ERROR_STATUSES.has(status)) return result;
  if (py.isDict(result) && py.truthy(py.get(result, "status"))) return result;
  const message = exceptionMessage(span);
  const wrapped: Record<string, unknown> = { status: "error", output: result };
  if (message) wrapped.error = message;
  return wrapped;
}

/** The last event's first `exception.message`, as `str()`; `""` when none. */
function exceptionMessage(span: py.Dict): string {
  let message = "";
  for (const event of py.pyItems(py.get(span, "events"))) {
    if (!py.isDict(event)) continue;
    const attributes = py.get(event, "attributes");
    if (py.isDict(attributes)) {
      // Python assumes the OTLP list form here and gets nothing from a flat dict; we read its key.
      const value = py.get(attributes, EXCEPTION_MESSAGE_KEY);
      if (value !== null) message = py.pyStr(value);
      continue;
    }
    for (const item of py.pyItems(attributes)) {
      if (py.isDict(item) && item.key === EXCEPTION_MESSAGE_KEY) {
        message = py.pyStr(otlpValue(py.get(item, "value")));
        break;
      }
    }
  }
  return message;
}
