/**
 * The tab strip, as the WAI-ARIA tabs pattern has it: one tab stop (the selected tab), the arrow
 * keys, Home and End move between tabs and select them, and each tab names the panel it shows.
 */
import { useRef } from "preact/hooks";

export function Tabs<T extends string>({ tabs, active, onSelect }: { tabs: readonly (readonly [T, string])[]; active: T; onSelect: (tab: T) => void }) {
  const strip = useRef<HTMLDivElement>(null);
  const go = (index: number) => {
    const [id] = tabs[(index + tabs.length) % tabs.length];
    onSelect(id);
    // Focus follows the selection, after the render that makes it the tab stop.
    queueMicrotask(() => strip.current?.querySelector<HTMLButtonElement>(`[data-tab="${id}"]`)?.focus());
  };
  const at = tabs.findIndex(([id]) => id === active);
  const onKey = (e: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 };
    if (!(e.key in moves)) return;
    e.preventDefault();
    go(moves[e.key]);
  };
  return (
    <nav class="tabs-nav" aria-label="Views">
      <div class="tabs" role="tablist" aria-label="Views" ref={strip} onKeyDown={onKey}>
        {tabs.map(([id, title]) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={active === id}
            aria-controls={`panel-${id}`}
            tabindex={active === id ? 0 : -1}
            class={active === id ? "active" : ""}
            onClick={() => onSelect(id)}
            data-tab={id}
          >
            {title}
          </button>
        ))}
      </div>
    </nav>
  );
}
