/**
 * A conversation's spans as a waterfall (loaded on demand: only OpenTelemetry files need it).
 * Indent is nesting by parent span id; a bar's offset is its start, its width its duration.
 * A span that became a step is a button: it highlights and scrolls to that step.
 */
import type { OtelSpanSummary } from "@whileai/otel";
import { useEffect, useMemo, useRef } from "preact/hooks";
import { waterfall } from "../analysis/waterfall.js";
import { duration } from "./usage-format.js";

export interface SpanWaterfallProps {
  spans: readonly OtelSpanSummary[];
  /** The span (index into `spans`) to highlight, e.g. the one a clicked step came from. */
  focused: number | null;
  onSpan: (index: number) => void;
}

export function SpanWaterfall({ spans, focused, onSpan }: SpanWaterfallProps) {
  const { bars, extentMs } = useMemo(() => waterfall(spans), [spans]);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focused === null) return;
    list.current?.querySelector(`[data-span-index="${focused}"]`)?.scrollIntoView({ block: "nearest" });
  }, [focused]);
  return (
    <div class="waterfall" data-testid="waterfall" data-extent-ms={extentMs === null ? "" : String(extentMs)}>
      <p class="muted">{`${spans.length} span${spans.length === 1 ? "" : "s"}, ${duration(extentMs)} from the first start to the last end. Click a tool span to go to its step.`}</p>
      <ol ref={list}>
        {bars.map((bar) => {
          const { span } = bar;
          const label = span.tool !== null && !span.name.includes(span.tool) ? `${span.name} (${span.tool})` : span.name || "(unnamed span)";
          const linked = span.step !== null;
          const Tag = linked ? "button" : "div";
          return (
            <li
              key={bar.index}
              class={`span-row${focused === bar.index ? " focused" : ""}${span.status === "error" ? " error" : ""}`}
              data-span-index={bar.index}
              data-span-id={span.spanId}
              data-parent={span.parentSpanId}
              data-depth={bar.depth}
              data-duration-ns={bar.durationNs === null ? "" : String(bar.durationNs)}
              data-step={linked ? String(span.step) : ""}
            >
              <Tag class="span-name" style={{ paddingLeft: `${bar.depth * 0.9}rem` }} {...(linked ? { type: "button", onClick: () => onSpan(bar.index), title: `Go to step ${(span.step as number) + 1}` } : {})}>
                <span>{label}</span>
                {span.operation !== null && <small class="muted"> {span.operation}</small>}
              </Tag>
              <div class="span-track" aria-hidden="true">
                {bar.left !== null && bar.width !== null && <div class="span-bar" style={{ left: `${bar.left * 100}%`, width: `max(2px, ${bar.width * 100}%)` }} />}
              </div>
              <span class="span-duration num" title={bar.offsetMs === null ? "no start time" : `starts at +${duration(bar.offsetMs)}`}>{duration(bar.durationMs)}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
