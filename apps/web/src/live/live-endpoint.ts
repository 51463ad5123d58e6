/**
 * Where this page's live stream is, when a server serves it (`wai otel serve --ui` adds
 * `<meta name="whileai-live" content="api/live">` to index.html; the local platform adds
 * `content="traces/live" data-auth="api-key"`, its stream wanting the account's API key), else
 * null: the static page asks nothing of its origin to find out. Part of the first load; the live
 * view itself loads on demand.
 */
export interface LiveEndpoint {
  url: string;
  /** "api-key": the stream is read with an API key the page asks for. */
  auth: "api-key" | null;
}

export function liveEndpoint(): LiveEndpoint | null {
  const meta = document.querySelector('meta[name="whileai-live"]');
  const content = meta?.getAttribute("content");
  if (!content) return null;
  return { url: new URL(content, document.baseURI).href, auth: meta!.getAttribute("data-auth") === "api-key" ? "api-key" : null };
}
