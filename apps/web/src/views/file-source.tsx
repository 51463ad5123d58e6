/** Where a trace file comes from: a file chooser, a drop anywhere on the zone, or a bundled example. */
import { useEffect, useRef, useState } from "preact/hooks";
import { EXAMPLES, fetchExample } from "../load/examples.js";
import { LoadWorker, type Reading as WorkerReading } from "../load/load-client.js";
import { loadError, type LoadError } from "../load/load-error.js";
import type { ReadProgress } from "../load/read-source.js";
import { bytes } from "./format.js";

/**
 * What the file chooser offers. Only a hint to the dialog: the front door tells every format by its
 * content, never by the name, and a dropped file of any name is read the same way.
 */
export const ACCEPTED_FILES = [
  // JSON, JSON Lines and OTLP protobuf, any of them gzipped
  ".jsonl", ".json", ".ndjson", ".gz", ".pb", ".binpb", ".protobuf",
  // tables: Parquet, CSV/TSV, Arrow IPC file (Feather v2) and stream
  ".parquet", ".csv", ".tsv", ".arrow", ".feather", ".arrows",
].join(",");

export interface FileSourceProps<T> {
  /** Prefix of the test ids: `${id}-file`, `${id}-example`, `${id}-load-example`. */
  id: string;
  label: string;
  /** Starts reading a file's bytes (in a load worker); `example` names a bundled example. */
  open: (name: string, blob: Blob, onProgress: ReadProgress, example: string | null) => WorkerReading<T>;
  onLoaded: (value: T, example: string | null) => void;
  onError: (error: LoadError) => void;
  /** The example the picker offers first; "" offers none (the side was filled some other way). */
  initialExample?: string;
  /** A bundled example to load at once (a link named it). */
  autoLoad?: string | null;
}

/** How far the current read got: bytes of the file read, of its size. */
interface Reading {
  name: string;
  read: number;
  total: number;
}

export function FileSource<T>({ id, label, open, onLoaded, onError, initialExample, autoLoad }: FileSourceProps<T>) {
  const [example, setExample] = useState(autoLoad ?? initialExample ?? EXAMPLES[0]?.name ?? "");
  const [dragging, setDragging] = useState(false);
  const [reading, setReading] = useState<Reading | null>(null);
  const busy = reading !== null;
  // Reads finished so far, on the element as `data-reads`: a page (or a test) can tell a new read
  // of the same file from the one before.
  const [reads, setReads] = useState(0);

  const current = useRef<WorkerReading<T> | null>(null);

  const load = async (name: string, bytes: () => Promise<Blob>, exampleName: string | null) => {
    setReading({ name, read: 0, total: 0 });
    try {
      const reading = open(name, await bytes(), (done, total) => setReading({ name, read: done, total }), exampleName);
      current.current = reading;
      onLoaded(await reading.done, exampleName);
      // The picker names what is loaded: after a file of the user's, no example.
      if (exampleName === null) setExample("");
    } catch (error) {
      // A cancel leaves the page as it was before the read: nothing to report.
      if (!LoadWorker.cancelled(error)) onError(isLoadError(error) ? error : loadError(error, name));
    } finally {
      current.current = null;
      setReading(null);
      setReads((n) => n + 1);
    }
  };
  // Once, when the page opens on a link that names a bundled example.
  useEffect(() => {
    if (autoLoad != null && EXAMPLES.some((e) => e.name === autoLoad)) void load(autoLoad, () => fetchExample(autoLoad), autoLoad);
  }, []);
  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (file !== undefined) void load(file.name, async () => file, null);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the file input inside it is the keyboard's way.
    <div
      class={`file-source${dragging ? " dragging" : ""}`}
      data-testid={`${id}-source`}
      data-reads={reads}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        pick(e.dataTransfer?.files ?? null);
      }}
    >
      <span class="file-source-label">{label}</span>
      <label class="button">
        Open a file…
        <input
          type="file"
          accept={ACCEPTED_FILES}
          data-testid={`${id}-file`}
          onChange={(e) => {
            pick(e.currentTarget.files);
            e.currentTarget.value = "";
          }}
        />
      </label>
      <span class="muted">or drop one here, or</span>
      <select value={example} onChange={(e) => setExample(e.currentTarget.value)} data-testid={`${id}-example`} aria-label={`${label}: bundled example`}>
        <option value="" disabled>bundled example…</option>
        {EXAMPLES.map((e) => (
          <option key={e.name} value={e.name}>{`${e.name} (${bytes(e.bytes)})`}</option>
        ))}
      </select>
      <button type="button" disabled={busy || example === ""} onClick={() => void load(example, () => fetchExample(example), example)} data-testid={`${id}-load-example`}>
        Load example
      </button>
      {reading !== null && <ReadingLine id={id} reading={reading} onCancel={() => current.current?.cancel()} />}
    </div>
  );
}

/** The worker's LoadError arrives as a plain object (structured clone), not a class instance. */
function isLoadError(value: unknown): value is LoadError {
  return typeof value === "object" && value !== null && typeof (value as LoadError).message === "string" && typeof (value as LoadError).source === "string" && !(value instanceof Error);
}

function ReadingLine({ id, reading, onCancel }: { id: string; reading: Reading; onCancel: () => void }) {
  const known = reading.total > 0;
  return (
    <span class="reading" role="status" data-testid={`${id}-reading`}>
      <progress value={known ? reading.read : undefined} max={known ? reading.total : undefined} aria-label={`reading ${reading.name}`} />{" "}
      <span class="muted">{known ? `reading ${reading.name}: ${bytes(reading.read)} of ${bytes(reading.total)}` : `reading ${reading.name}…`}</span>
      <button type="button" onClick={onCancel} data-testid={`${id}-cancel-read`}>
        Cancel
      </button>
    </span>
  );
}
