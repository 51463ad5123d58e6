/**
 * A conversation's question and answer as the run-level spans state them: Traceloop entity
 * spans and OpenInference root chains. Used only for a prompt or final text no message gave:
 * these values are what the application passed and returned, not the model's transcript.
 * The question is the earliest-starting span's; the answer the latest-ending span's.
 */
import type { SpanEntry } from "./group.js";
import { isOpenInferenceRun, openInferenceRunText } from "./conventions/openinference-run.js";
import { isTraceloopEntity, traceloopEntityInput, traceloopEntityOutput } from "./conventions/traceloop-entity.js";
import * as py from "@whileai/hash-embed/internal";

export function runInputOutput(entries: readonly SpanEntry[]): { prompt: string; finalText: string } {
  let prompt = "";
  let finalText = "";
  let finalEnd = -1n;
  for (const { span, attrs } of entries) {
    let input = "";
    let output = "";
    if (isTraceloopEntity(attrs)) {
      input = traceloopEntityInput(attrs);
      output = traceloopEntityOutput(attrs);
    } else if (isOpenInferenceRun(span, attrs)) {
      input = openInferenceRunText(attrs, "user");
      output = openInferenceRunText(attrs, "assistant");
    }
    if (!prompt && input) prompt = input;
    const end = endOf(span);
    if (output && end >= finalEnd) {
      finalText = output;
      finalEnd = end;
    }
  }
  return { prompt, finalText };
}

function endOf(span: py.Dict): bigint {
  const end = py.get(span, "endTimeUnixNano") ?? py.get(span, "end_time_unix_nano");
  return py.pyIntExactOr(end, 0n);
}
