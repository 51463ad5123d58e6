/** The span waterfall, fetched as its own chunk the first time a conversation with spans is shown. */
import { useEffect, useState } from "preact/hooks";
import type { SpanWaterfallProps } from "./span-waterfall.js";

type Waterfall = (props: SpanWaterfallProps) => preact.JSX.Element;
let loading: Promise<Waterfall> | undefined;

export function LazySpanWaterfall(props: SpanWaterfallProps) {
  const [View, setView] = useState<Waterfall | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    (loading ??= import("./span-waterfall.js").then((m) => m.SpanWaterfall)).then(
      (view) => live && setView(() => view),
      (error: unknown) => live && setFailed(String(error)),
    );
    return () => {
      live = false;
    };
  }, []);
  if (failed !== null) return <p class="error">{`The span view could not load: ${failed}`}</p>;
  return View === null ? <p class="muted">Loading the span view…</p> : <View {...props} />;
}
