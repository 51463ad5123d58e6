/**
 * LangChain tool runs as `@arizeai/openinference-instrumentation-langchain` writes them: the
 * TOOL span's `output.value` is `{"output": <ToolMessage>}`, the message in LangChain's own
 * serialized form `{lc: 1, type: "constructor", id: [..., "ToolMessage"], kwargs: {content,
 * tool_call_id, status}}`; `input.value` is LangChain's text rendering of the arguments
 * (`"Paris"` for `{city: "Paris"}`), so the model's call it answers says them better.
 */
import * as py from "@whileai/hash-embed/internal";
import { parseValue, type Attributes } from "../attributes.js";

/** The `kwargs` of a serialized LangChain ToolMessage, or null for any other value. */
function toolMessage(value: unknown): py.Dict | null {
  if (!py.isDict(value) || value.lc !== 1 || value.type !== "constructor") return null;
  const id = value.id;
  if (!Array.isArray(id) || id[id.length - 1] !== "ToolMessage") return null;
  return py.isDict(value.kwargs) ? value.kwargs : null;
}

/** `{"output": ToolMessage}` from an OpenInference TOOL span's parsed output, else null. */
function wrappedToolMessage(output: unknown): py.Dict | null {
  if (!py.isDict(output) || Object.keys(output).length !== 1) return null;
  return toolMessage(output.output);
}

/** The tool's answer: the ToolMessage's content (parsed when JSON); any other output unchanged. */
export function langChainToolResult(output: unknown): unknown {
  const message = wrappedToolMessage(output);
  return message ? parseValue(py.get(message, "content")) : output;
}

/** `"error"` when LangChain marked the ToolMessage failed (a tool that threw), else `""`. */
export function langChainToolStatus(output: unknown): string {
  return py.get(wrappedToolMessage(output) ?? {}, "status") === "error" ? "error" : "";
}

/** A LangChain tool run whose arguments are plain text; a JSON input is already the arguments. */
export function langChainTextArguments(attrs: Attributes): boolean {
  if (attrs.get("input.mime_type") !== "text/plain") return false;
  return wrappedToolMessage(parseValue(attrs.get("output.value") ?? null)) !== null;
}
