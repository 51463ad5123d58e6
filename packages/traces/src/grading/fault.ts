/**
 * Fault chips (traces-helpers.md §2.1–2.6): which tool call failed, and how, named the way the
 * Python grader names it. A result is judged by its `status`, `stale`, `error` and any text
 * that says "garbled"; the tool's own vocabulary (`paid`, `open`) is not a fault.
 */
import { NO_FAULT } from "../constants.js";
import { get, isDict, or, PY311_DIGITS, pyLower, pyStr, pyStrip, truthy, type Dict } from "@whileai/hash-embed/internal";
import { readDict } from "./as-dict.js";
import { resultField } from "./result-field.js";
import { TextMemo } from "../text-memo.js";

const BAD_STATUS: ReadonlySet<string> = new Set([
  "rejected", "not_found", "error", "blocked", "denied", "failed", "unauthorized", "invalid", "timeout", "permission_denied",
]);

const FAULT_ALIASES: ReadonlyMap<string, string> = new Map([
  ["already_acted_on", "already_done"],
  ["permission_denied", "deny"],
  ["denied", "deny"],
  ["unauthorized", "deny"],
  ["blocked", "deny"],
  ["malformed_result", "malformed"],
  ["stale_result", "stale"],
  ["entity missing", "not_found"],
  ["missing", "not_found"],
  ["entity already acted on", "already_done"],
]);

const CLEAN_FAULT: ReadonlySet<string> = new Set(["", "ok", "created", "deleted", "success", "exit_0", "no fault", "clean"]);

const KNOWN_FAULTS: ReadonlySet<string> = new Set([
  ...BAD_STATUS,
  ...FAULT_ALIASES.keys(),
  ...FAULT_ALIASES.values(),
  "stale", "malformed", "already_done", "not_found", "deny", "garbled",
]);

const ALREADY_DONE: ReadonlySet<string> = new Set(["already_done", "already_acted_on"]);
const ERROR_CLEAN_STATUS: ReadonlySet<string> = new Set(["ok", "created", "deleted"]);

// Python's `\d` in a str pattern matches any Unicode decimal digit (Unicode 14's, in Python 3.11).
const HTTP_FAIL = new RegExp(`^[45][${PY311_DIGITS}]{2}$`, "u");

// Python tests `json.dumps(data).lower()` for these. Both phrases hold no quote, comma, colon or
// backslash, and json.dumps escapes every non-ASCII character, so a hit lies inside one key or
// string value and uses only ASCII letters. A case-insensitive test of each string (without the
// `u` flag, where no non-ASCII character folds to ASCII) finds the same hits without the dump.
const GARBLED = /<<garbled|garbled resp/i;
// Its shortest match, in UTF-16 units: most keys and values are shorter and skip the test.
const GARBLED_MIN = "<<garbled".length;

function mentionsGarbled(value: unknown): boolean {
  if (typeof value === "string") return value.length >= GARBLED_MIN && GARBLED.test(value);
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) {
    for (const item of value) if (mentionsGarbled(item)) return true;
    return false;
  }
  if (isDict(value)) {
    for (const key in value) {
      if (value[key] === undefined) continue;
      if ((key.length >= GARBLED_MIN && GARBLED.test(key)) || mentionsGarbled(value[key])) return true;
    }
    return false;
  }
  // json.dumps(default=str) writes any other object as its str().
  return GARBLED.test(pyStr(value));
}

/** `str(data.get(key, "")).lower().strip()`: a missing key is "", a None value "none". */
function fieldText(result: unknown, data: Dict, key: "status" | "reason"): string {
  const text = resultField(result, data, key);
  return text === "" ? text : pyStrip(pyLower(text));
}

/** `normalize_fault_name`: the canonical chip for a status or plan mode, or "" for a clean one. */
export function normalizeFaultName(raw: unknown): string {
  const text = pyLower(pyStrip(pyStr(or(raw, ""))));
  if (text === "") return "";
  const mapped = FAULT_ALIASES.get(text) ?? text;
  return CLEAN_FAULT.has(mapped) ? "" : mapped;
}

/** What a status says on its own, for the rules that read nothing else of the result. */
interface StatusVerdict {
  /** `str(status).lower().strip()` */
  text: string;
  /** `normalize_fault_name(text)` */
  name: string;
  /** The name is a chip `_fault_from_result` returns as it is. */
  known: boolean;
  /** A bad or HTTP-failure status, a non-zero exit, or one that mentions "permission". */
  faulted: boolean;
}

function statusVerdict(raw: string): StatusVerdict {
  const text = pyStrip(pyLower(raw));
  const name = normalizeFaultName(text);
  const exitFault = text.startsWith("exit_") && text !== "exit_0" && text !== "exit_";
  return {
    text,
    name,
    known: name !== "" && (KNOWN_FAULTS.has(name) || KNOWN_FAULTS.has(text)),
    faulted: BAD_STATUS.has(text) || HTTP_FAIL.test(text) || exitFault || text.includes("permission"),
  };
}

// Results repeat a few statuses ("ok", "timeout"): each one's verdict is worked out once per
// text, which spares the lowercasing, stripping and pattern tests per call.
const statusVerdicts = new TextMemo(statusVerdict, 64, 2048);

/** `statusVerdict` of `str(data.get("status", ""))`. */
function statusOf(result: unknown, data: Dict): StatusVerdict {
  return statusVerdicts.get(resultField(result, data, "status"));
}

/** `_step_faulted` on an already read dict, with its status verdict and garbled test worked out. */
function faulted(data: Dict, status: StatusVerdict, garbled: boolean): boolean {
  return status.faulted || truthy(data.stale) || garbled || errorFaulted(data, status);
}

/** `_step_faulted`'s last rule: an empty error beside a status that is not clean, or an error with no status. */
function errorFaulted(data: Dict, status: StatusVerdict): boolean {
  // Plain reads: neither "stale" nor "error" is a name Object.prototype carries.
  if (data.error === undefined) return false;
  const error = pyStrip(pyStr(or(data.error, "")));
  return error === "" ? !ERROR_CLEAN_STATUS.has(status.text) : status.text === "" || status.text === "error";
}

/** `_step_faulted(result)`: was this call a fault? */
export function stepFaulted(result: unknown): boolean {
  const data = readDict(result);
  return faulted(data, statusOf(result, data), mentionsGarbled(data));
}

// Exports repeat the same result texts ('{"status": "ok"}') across rows, and a text's chip
// depends on the text alone: it is worked out once per text. A dict result is judged afresh
// each time, since its caller may change it between calls.
const textFaults = new TextMemo(judgeResult, 512, 2048);

/** `_fault_from_result(result)`: the chip name of a call's fault, or "" for none. */
export function faultFromResult(result: unknown): string {
  return typeof result === "string" ? textFaults.get(result) : judgeResult(result);
}

/** `faultFromResult` worked out. */
function judgeResult(result: unknown): string {
  const data = readDict(result);
  if (mentionsGarbled(data)) return "malformed";
  if (truthy(data.stale)) return "stale";
  const status = statusOf(result, data);
  if (ALREADY_DONE.has(status.text) || fieldText(result, data, "reason") === "already_acted_on") return "already_done";
  if (status.known) return status.name;
  // The garbled and stale rules already answered above: only the status and error rules are left.
  if (status.faulted || errorFaulted(data, status)) return status.name || "error";
  return "";
}

/**
 * `_fault_from_plan(plan)`: the first injected mode that names a fault. Values are read in the
 * object's key order, which for a parsed JSON object puts integer-like keys first.
 */
export function faultFromPlan(plan: unknown): string {
  if (!isDict(plan)) return "";
  for (const key in plan) {
    const spec = plan[key];
    if (!isDict(spec)) continue;
    const name = normalizeFaultName(pyStr(or(get(spec, "mode"), "")));
    if (name !== "") return name;
  }
  return "";
}

/**
 * `trace_fault(trajectory)`: the first faulted call's chip; with no observed result at all,
 * the injected plan's; otherwise "no fault". An observed clean result overrides a plan.
 */
export function traceFault(trajectory: unknown): string {
  // Python would crash on a non-dict trajectory; it has no fault here.
  if (!isDict(trajectory)) return NO_FAULT;
  let sawResult = false;
  const steps = get(trajectory, "steps");
  // A string or dict `steps` yields characters or keys, which are not steps; an int would crash.
  if (Array.isArray(steps)) {
    for (const step of steps) {
      if (!isDict(step) || !truthy(get(step, "tool"))) continue;
      const result = get(step, "result");
      if (result === null) continue;
      sawResult = true;
      const fault = faultFromResult(result);
      if (fault !== "") return fault;
    }
  }
  if (!sawResult) {
    const planned = faultFromPlan(get(trajectory, "faults"));
    if (planned !== "") return planned;
  }
  return NO_FAULT;
}
