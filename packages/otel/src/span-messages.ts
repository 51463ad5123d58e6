/**
 * What a span says was asked (input) and answered (output). The Python keys come first and,
 * when present, decide alone, so every Python answer stands; only a span Python reads
 * nothing from is asked the other conventions, in this order: OpenInference flattened
 * messages, OpenLLMetry indexed messages, Vercel AI SDK `ai.prompt*` / `ai.response.*`, span
 * events, Langfuse observation input/output, OpenInference `input.value`/`output.value`,
 * then the emitters with keys of their own: Pydantic AI, Genkit, LiveKit, MLflow.
 */
import type * as py from "@whileai/hash-embed/internal";
import { first, type Attributes } from "./attributes.js";
import { MESSAGE_KEYS, OUTPUT_KEYS } from "./constants.js";
import { eventMessages } from "./conventions/events.js";
import { emptyRead, type MessageRead } from "./conventions/message.js";
import { openInferenceMessages, openInferenceValue } from "./conventions/openinference.js";
import { openLlmetryMessages } from "./conventions/openllmetry.js";
import { langfuseMessages } from "./conventions/langfuse.js";
import { aiSdkMessages } from "./conventions/vercel-ai.js";
import type { HistoryParser } from "./history-parse.js";
import { readMessages, type Side } from "./messages.js";
import { genkitMessages } from "./conventions/genkit.js";
import { liveKitMessages } from "./conventions/livekit.js";
import { mlflowMessages } from "./conventions/mlflow.js";
import { pydanticAiMessages } from "./conventions/pydantic-ai.js";

const PYTHON_KEYS: Record<Side, readonly string[]> = { user: MESSAGE_KEYS, assistant: OUTPUT_KEYS };

export function spanMessages(span: py.Dict, attrs: Attributes, side: Side, history?: HistoryParser): MessageRead {
  const value = first(attrs, PYTHON_KEYS[side]);
  if (value !== null) return readMessages(value, side, history);
  return (
    openInferenceMessages(attrs, side, history?.flatLists) ??
    openLlmetryMessages(attrs, side, history?.flatLists) ??
    aiSdkMessages(attrs, side, history) ??
    eventMessages(span, side, history?.eventLists) ??
    langfuseMessages(attrs, side) ??
    openInferenceValue(attrs, side) ??
    pydanticAiMessages(attrs, side) ??
    genkitMessages(attrs, side) ??
    liveKitMessages(attrs, side) ??
    mlflowMessages(attrs, side) ??
    emptyRead()
  );
}
