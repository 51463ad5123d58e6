/**
 * Traceloop entity spans (`traceloop.span.kind` `workflow`, `agent`, `task`): the decorated
 * function's call as `traceloop.entity.input` = `{"args": [...], "kwargs": {...}}` and its return
 * value as `traceloop.entity.output` (JSON). When no model span holds messages (a model called
 * by a client no instrumentation sees), these are all that says what was asked and answered.
 */
import * as py from "@whileai/hash-embed/internal";
import { parseValue, type Attributes } from "../attributes.js";

const ENTITY_KINDS: ReadonlySet<string> = new Set(["workflow", "agent", "task"]);

export function isTraceloopEntity(attrs: Attributes): boolean {
  return ENTITY_KINDS.has(py.pyStr(py.or(attrs.get("traceloop.span.kind"), "")));
}

/** The first text argument (positional, then keyword), or `""`. */
export function traceloopEntityInput(attrs: Attributes): string {
  const input = parseValue(attrs.get("traceloop.entity.input") ?? null);
  if (typeof input === "string") return input;
  if (!py.isDict(input)) return "";
  const args = Array.isArray(input.args) ? input.args : [];
  const kwargs = py.isDict(input.kwargs) ? Object.values(input.kwargs) : [];
  const text = [...args, ...kwargs].find((value) => typeof value === "string" && value !== "");
  return typeof text === "string" ? text : "";
}

/** The return value when it is text (JSON-encoded by the SDK), or `""`. */
export function traceloopEntityOutput(attrs: Attributes): string {
  const raw = attrs.get("traceloop.entity.output");
  if (typeof raw !== "string") return "";
  const output = py.pyJsonLoadsOr(raw, raw);
  return typeof output === "string" ? output : "";
}
