/** `pull` with a path: every part streamed to disk in grant order, stripped and joined as Python joins them. */
import { open, type FileHandle } from "node:fs/promises";
import { call } from "../http/call.js";
import { downloadUrls, isAsciiSpace, pull as pullRows, type PullOptions } from "../pull.js";

const NEWLINE = new Uint8Array([10]);

/**
 * Writes `b"\n".join(p.strip() for p in parts if p.strip()) + b"\n"` (nothing for an empty
 * payload) without holding a part in memory: a part's leading whitespace is skipped and its
 * trailing whitespace held back until more content follows it.
 */
class PartWriter {
  private position = 0;
  private wroteAny = false;
  private partStart = 0;
  private wroteBeforePart = false;
  private bytesBeforePart = 0;
  private partWroteAny = false;
  private pending: Uint8Array[] = [];
  bytes = 0;

  constructor(private readonly file: FileHandle) {}

  /** Start (or, on a retried request, restart) a part. */
  async begin(): Promise<void> {
    if (this.position !== this.partStart) await this.file.truncate(this.partStart);
    this.position = this.partStart;
    this.wroteAny = this.wroteBeforePart;
    this.bytes = this.bytesBeforePart;
    this.partWroteAny = false;
    this.pending = [];
  }

  private async write(chunk: Uint8Array): Promise<void> {
    if (chunk.length) await this.file.write(chunk, 0, chunk.length, this.position);
    this.position += chunk.length;
  }

  async push(chunk: Uint8Array): Promise<void> {
    this.bytes += chunk.length;
    let start = 0;
    if (!this.partWroteAny) {
      while (start < chunk.length && isAsciiSpace(chunk[start]!)) start++;
      if (start === chunk.length) return;
      if (this.wroteAny) await this.write(NEWLINE);
      this.partWroteAny = true;
      this.wroteAny = true;
    }
    let end = chunk.length;
    while (end > start && isAsciiSpace(chunk[end - 1]!)) end--;
    if (end > start) {
      for (const held of this.pending) await this.write(held);
      this.pending = [];
      await this.write(chunk.subarray(start, end));
    }
    if (end < chunk.length) this.pending.push(chunk.slice(end));
  }

  /** A part is done: its held trailing whitespace is dropped. */
  end(): void {
    this.pending = [];
    this.partStart = this.position;
    this.wroteBeforePart = this.wroteAny;
    this.bytesBeforePart = this.bytes;
  }

  async finish(): Promise<void> {
    if (this.wroteAny) await this.write(NEWLINE);
    await this.file.truncate(this.position);
  }
}

/** Python's `pull(dataset_id, path)`: with `path`, streams the parts to that file and returns `path`; without, returns the rows. */
export async function pull(datasetId: string, path?: string | null, options: PullOptions = {}): Promise<unknown> {
  if (path == null) return pullRows(datasetId, options);
  const urls = await downloadUrls(datasetId, options);
  const file = await open(path, "w");
  try {
    const writer = new PartWriter(file);
    for (const url of urls) {
      await call("GET", "", {
        rawUrl: url,
        signal: options.signal,
        consume: async (chunks) => {
          await writer.begin();
          for await (const chunk of chunks) {
            await writer.push(chunk);
            options.onProgress?.({ bytes: writer.bytes, total: null });
          }
        },
      });
      writer.end();
    }
    await writer.finish();
  } finally {
    await file.close();
  }
  return path;
}
