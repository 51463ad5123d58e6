/**
 * `_iter_spans` (§5.2): the span dicts of an OTLP export (`resourceSpans`, with the legacy
 * `instrumentationLibrarySpans`), of a platform-gate dump (`{spans: [...]}`), or of a plain list.
 * Python raises on a number where it expects a list; every non-dict piece is skipped here.
 */
import * as py from "@whileai/hash-embed/internal";

export function* iterSpans(source: unknown): Generator<py.Dict> {
  if (py.isDict(source) && py.has(source, "resourceSpans")) {
    for (const resource of py.pyItems(source.resourceSpans)) {
      if (!py.isDict(resource)) continue;
      const scopes = py.or(py.get(resource, "scopeSpans"), py.get(resource, "instrumentationLibrarySpans"));
      for (const scope of py.pyItems(scopes)) {
        if (py.isDict(scope)) yield* dicts(py.get(scope, "spans"));
      }
    }
  } else if (py.isDict(source) && py.has(source, "spans")) {
    yield* dicts(source.spans);
  } else {
    // A dict without either key yields its keys in Python, and a string its characters: no spans.
    yield* dicts(source);
  }
}

function* dicts(items: unknown): Generator<py.Dict> {
  for (const item of py.pyItems(items)) if (py.isDict(item)) yield item;
}
