/**
 * Tool spans that keep the call in plain `input` / `output` attributes, as Langfuse's generic
 * observation keys and SDKs writing for it do (netra's `@tool` decorator, hand-written
 * `execute_tool` spans). `input` alone says nothing: model, chain and HTTP spans use it too,
 * so a span is a tool span only when it also says it is one: `gen_ai.operation.name:
 * execute_tool`, an `execute_tool {name}` span name, or a tool name attribute.
 */
import * as py from "@whileai/hash-embed/internal";
import { first, parseValue, type Attributes } from "../attributes.js";
import { TOOL_NAME_KEYS, TOOL_STATUS_KEYS } from "../constants.js";
import { failed, type ToolStep } from "../tool-span.js";
import { statusOf } from "../span-status.js";

const EXECUTE_TOOL = "execute_tool";

export function plainIoToolStep(span: py.Dict, attrs: Attributes): ToolStep | null {
  const args = first(attrs, ["input"]);
  if (args === null) return null;
  const spanName = py.pyStr(py.or(py.get(span, "name"), ""));
  const toolName = first(attrs, TOOL_NAME_KEYS);
  const isTool = attrs.get("gen_ai.operation.name") === EXECUTE_TOOL || spanName.startsWith(`${EXECUTE_TOOL} `) || toolName !== null;
  if (!isTool) return null;
  const name = py.pyStr(py.or(py.or(toolName, spanName), "tool"));
  const status = py.pyLower(py.pyStr(py.or(first(attrs, TOOL_STATUS_KEYS), statusOf(span))));
  return { tool: name, arguments: parseValue(args), result: failed(span, status, parseValue(first(attrs, ["output"]))) };
}
