/**
 * Where this page's live row stream is, when a receiver serves it (`wai otel serve --ui` adds
 * `<meta name="whileai-live" content="api/live">` to index.html), else null: the static page asks
 * nothing of its origin to find out. Part of the first load; the live view itself loads on demand.
 */
export function liveEndpoint(): string | null {
  const content = document.querySelector('meta[name="whileai-live"]')?.getAttribute("content");
  return content ? new URL(content, document.baseURI).href : null;
}
