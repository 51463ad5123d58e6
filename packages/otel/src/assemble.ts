/**
 * One conversation's spans, in time order, into one row (§5.5, §5.6). The walk keeps the
 * Python order of reads per span: usage, model version, generic model, reward, tool step
 * (a tool span's messages are never read), user turns, assistant output.
 */
import * as py from "@whileai/hash-embed/internal";
import { first } from "./attributes.js";
import { EMITTER_TOOL_CALL_ID_KEYS, MODEL_KEYS, MODEL_VERSION_KEYS, REWARD_RANGE, SCHEMA_VERSION, TOOL_CALL_ID_KEYS, USAGE_IN_KEYS, USAGE_OUT_KEYS } from "./constants.js";
import { callId, emptyRead } from "./conventions/message.js";
import { openInferenceToolStep } from "./conventions/openinference.js";
import { traceloopToolStep } from "./conventions/openllmetry.js";
import { langChainTextArguments } from "./conventions/langchain-tool.js";
import { LANGFUSE_MODEL_KEYS, langfuseToolStep, langfuseUsage } from "./conventions/langfuse.js";
import { runInputOutput } from "./run-io.js";
import { aiSdkRewardKeys, aiSdkToolStep } from "./conventions/vercel-ai.js";
import type { SpanEntry } from "./group.js";
import { HistoryParser } from "./history-parse.js";
import { spanMessages } from "./span-messages.js";
import { tokenCount } from "./tokens.js";
import { ToolBinding } from "./tool-binding.js";
import { toolSpanStep, type ToolStep } from "./tool-span.js";
import { usageTotals } from "./usage-totals.js";
import { genkitToolStep, genkitUsage } from "./conventions/genkit.js";
import { liveKitToolStep } from "./conventions/livekit.js";
import { mlflowToolStep, mlflowUsage } from "./conventions/mlflow.js";
import type { OwnUsage } from "./conventions/own-usage.js";
import { plainIoToolStep } from "./conventions/plain-io-tool.js";
import { pydanticAiToolStep } from "./conventions/pydantic-ai.js";
import { inputTurns } from "./input-turns.js";

export type OtelStep = ToolStep | { user: string };

export interface OtelRow {
  prompt: string;
  steps: OtelStep[];
  final_text: string;
  conversation_id: string;
  /** Earliest start in ns, as the nearest double (epochs in ns exceed 2^53). */
  ts?: number;
  reward?: number;
  model_version?: string;
  usage?: { input_tokens: number; output_tokens: number };
  schema_version: string;
}

// A span named by the convention `execute_tool {gen_ai.tool.name}` matches calls by the tool's name.
const EXECUTE_TOOL = /^execute_tool /;

/** Python's tool span first, then the tool spans of conventions Python cannot see. */
export function toolStepOf(entry: SpanEntry): ToolStep | null {
  return (
    toolSpanStep(entry.span, entry.attrs) ??
    openInferenceToolStep(entry.span, entry.attrs) ??
    traceloopToolStep(entry.span, entry.attrs) ??
    langfuseToolStep(entry.span, entry.attrs) ??
    aiSdkToolStep(entry.span, entry.attrs) ??
    pydanticAiToolStep(entry.span, entry.attrs) ??
    genkitToolStep(entry.span, entry.attrs) ??
    liveKitToolStep(entry.span, entry.attrs) ??
    mlflowToolStep(entry.span, entry.attrs) ??
    plainIoToolStep(entry.span, entry.attrs)
  );
}

/** A tool span's call id: the GenAI keys, else an emitter's own. */
function toolCallIdOf(entry: SpanEntry): string {
  return callId(first(entry.attrs, TOOL_CALL_ID_KEYS) ?? first(entry.attrs, EMITTER_TOOL_CALL_ID_KEYS));
}

/** Token counts an emitter writes in its own shape, read only when no Python usage key is there. */
function emitterUsage(attrs: SpanEntry["attrs"]): OwnUsage | null {
  return genkitUsage(attrs) ?? mlflowUsage(attrs);
}

// Model names Python does not read, used only when no span has `gen_ai.request.model`.
const FALLBACK_MODEL_KEYS = ["llm.model_name", ...LANGFUSE_MODEL_KEYS] as const;

export function assembleRow(conversationId: string, entries: readonly SpanEntry[], rewardKeys: readonly string[]): OtelRow | null {
  const toolSteps = entries.map(toolStepOf);
  const binding = new ToolBinding();
  toolSteps.forEach((step, i) => {
    if (!step) return;
    // A LangChain tool span's arguments are a text rendering; the model's call has them exactly.
    binding.addSpan(step.tool.replace(EXECUTE_TOOL, ""), toolCallIdOf(entries[i]), langChainTextArguments(entries[i].attrs) ? step : undefined);
  });

  let prompt = "";
  let finalText = "";
  const steps: OtelStep[] = [];
  let reward: number | null = null;
  let modelVersion: string | null = null;
  let modelGeneric: string | null = null;
  let modelFallback: string | null = null;
  const seenUsers = new Set<string>();
  let tokensIn = 0;
  let tokensOut = 0;
  let usageSeen = false;
  const totals = usageTotals(entries);
  const inputs = new HistoryParser();
  const outputs = new HistoryParser();
  // Outputs are read before the walk (same reads, same order): a history call that some model
  // output records is left to that output, which places it where it was made.
  const outputReads = entries.map((entry, i) => (toolSteps[i] ? null : spanMessages(entry.span, entry.attrs, "assistant", outputs)));
  for (const read of outputReads) for (const call of read?.calls ?? []) binding.addOutputCall(call);

  for (let i = 0; i < entries.length; i++) {
    const { span, attrs } = entries[i];
    let si = tokenCount(first(attrs, USAGE_IN_KEYS));
    let so = tokenCount(first(attrs, USAGE_OUT_KEYS));
    // Token counts an emitter writes in its own shape (Langfuse, Genkit, MLflow): only where Python found none.
    if (si === null && so === null) {
      const own = langfuseUsage(attrs) ?? emitterUsage(attrs);
      if (own) ({ input: si, output: so } = own);
    }
    if ((si !== null || so !== null) && !totals.has(i)) {
      usageSeen = true;
      tokensIn += si ?? 0;
      tokensOut += so ?? 0;
    }
    const version = first(attrs, MODEL_VERSION_KEYS);
    if (py.truthy(version) && modelVersion === null) modelVersion = py.pyStr(version);
    const generic = first(attrs, MODEL_KEYS);
    if (modelGeneric === null && py.truthy(generic)) modelGeneric = py.pyStr(generic);
    const fallbackModel = first(attrs, FALLBACK_MODEL_KEYS);
    if (modelFallback === null && py.truthy(fallbackModel)) modelFallback = py.pyStr(fallbackModel);
    if (reward === null) reward = rewardOf(first(attrs, rewardKeys));

    const toolStep = toolSteps[i];
    if (toolStep) {
      steps.push(toolStep);
      continue;
    }
    const input = spanMessages(span, attrs, "user", inputs);
    // User texts in order, with the history's calls no span or earlier output recorded between them.
    for (const turn of inputTurns(input, binding)) {
      if (typeof turn !== "string") {
        steps.push(turn);
        continue;
      }
      const key = py.pyCollapse(turn);
      if (seenUsers.has(key)) continue;
      seenUsers.add(key);
      if (!prompt) prompt = turn;
      else steps.push({ user: turn });
    }
    for (const response of input.responses) binding.bind(response);
    const output = outputReads[i] ?? emptyRead();
    if (output.texts.length) finalText = output.texts[output.texts.length - 1];
    for (const call of output.calls) {
      const step = binding.stepFor(call);
      if (step) steps.push(step);
    }
  }

  // What the application passed and returned stands in only for a prompt or answer no message gave.
  if (!prompt || !finalText) {
    const run = runInputOutput(entries);
    prompt ||= run.prompt;
    finalText ||= run.finalText;
  }
  // A reward in AI SDK metadata counts only where no span has one under the reward keys.
  if (reward === null) reward = firstReward(entries, aiSdkRewardKeys(rewardKeys));

  if (!prompt && !steps.length && !finalText) return null;
  const start = entries[0].start;
  const model = modelVersion || modelGeneric || modelFallback;
  // Keys in Python's order; `ts` is the nearest double of the exact start.
  return {
    prompt,
    steps,
    final_text: finalText,
    conversation_id: conversationId,
    ...(start !== 0n ? { ts: Number(start) } : {}),
    ...(reward !== null ? { reward } : {}),
    ...(model ? { model_version: model } : {}),
    ...(usageSeen ? { usage: { input_tokens: tokensIn, output_tokens: tokensOut } } : {}),
    schema_version: SCHEMA_VERSION,
  };
}

function firstReward(entries: readonly SpanEntry[], keys: readonly string[]): number | null {
  for (const { attrs } of entries) {
    const reward = rewardOf(first(attrs, keys));
    if (reward !== null) return reward;
  }
  return null;
}

/** A reward in [0, 1]: exactly 0.0 or 1.0 become the ints 0 and 1; anything else is no reward. */
function rewardOf(raw: unknown): number | null {
  if (raw === null) return null;
  const value = py.pyFloat(raw);
  if (value === null || !(value >= REWARD_RANGE[0] && value <= REWARD_RANGE[1])) return null;
  return value + 0;
}
