/**
 * Preformatted text in a box that scrolls when it is long (tool results, the harness JSON): one
 * tab stop, so a keyboard can scroll it too (axe-core's scrollable-region-focusable rule).
 */
import type { ComponentChildren } from "preact";

export function ScrollablePre({ children, class: className, testId }: { children: ComponentChildren; class?: string; testId?: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled by it.
    <pre tabIndex={0} class={className} data-testid={testId}>
      {children}
    </pre>
  );
}
