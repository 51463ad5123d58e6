/**
 * An OpenInference root CHAIN / AGENT span's JSON `input.value` / `output.value`: the run's own
 * input and answer when no LLM span holds messages (LangChain runs whose model is not traced).
 * LangChain writes `{"input": "..."}` / `{"output": "..."}` for a chain and `{"messages": [...]}`
 * for a graph or agent, messages as `{role, content}` or LangChain's serialized
 * `{lc: 1, id: [..., "HumanMessage" | "AIMessage"], kwargs: {content}}`. Only the root span:
 * a nested chain's values are intermediate prompts and partial states.
 */
import * as py from "@whileai/hash-embed/internal";
import { parseValue, type Attributes } from "../attributes.js";
import { contentText, type Side } from "../messages.js";

const ROLE_OF_CLASS: Record<string, string> = { HumanMessage: "user", HumanMessageChunk: "user", AIMessage: "assistant", AIMessageChunk: "assistant" };
const KEY: Record<Side, string> = { user: "input", assistant: "output" };

export function isOpenInferenceRun(span: py.Dict, attrs: Attributes): boolean {
  const kind = py.pyStr(py.or(attrs.get("openinference.span.kind"), "")).toUpperCase();
  return (kind === "CHAIN" || kind === "AGENT") && !py.truthy(py.get(span, "parentSpanId"));
}

/** The run's question (side `user`: the last user message) or answer (`assistant`), or `""`. */
export function openInferenceRunText(attrs: Attributes, side: Side): string {
  const raw = attrs.get(`${KEY[side]}.value`);
  if (typeof raw !== "string" || attrs.get(`${KEY[side]}.mime_type`) !== "application/json") return "";
  const value = parseValue(raw);
  if (!py.isDict(value)) return "";
  if (typeof value[KEY[side]] === "string") return value[KEY[side]] as string;
  if (!Array.isArray(value.messages)) return "";
  const texts = value.messages.map(plainMessage).filter((m) => m !== null && m.role === side).map((m) => contentText(m!) ?? "");
  return texts.filter(Boolean).pop() ?? "";
}

/** A `{role, content}` message, or LangChain's serialized message class read as one. */
function plainMessage(item: unknown): py.Dict | null {
  if (!py.isDict(item)) return null;
  if (item.lc === 1 && Array.isArray(item.id) && py.isDict(item.kwargs)) {
    const role = ROLE_OF_CLASS[py.pyStr(item.id[item.id.length - 1])];
    return role ? { role, content: item.kwargs.content } : null;
  }
  return { ...item, role: py.pyLower(py.pyStr(py.or(item.role, ""))) };
}
