/** What a crash leaves behind in the data directory, cleared when the server starts. */
import type { BlobStore } from "./blobs.js";
import type { Store } from "./store.js";

export interface Recovered {
  /** Partial uploads removed, and their bytes. */
  partials: number;
  partialBytes: number;
  /** Pending datasets removed: no bytes, and an upload URL that has expired. */
  abandoned: number;
}

/**
 * Removes every partial upload (no upload outlives the process that took it), then every
 * pending dataset that has no bytes and whose upload URL expired before `uploadUrlsSince`: no
 * one can upload to it any more, so it would stay pending forever. A pending dataset whose URL
 * still works is kept, so a client retrying its PUT across the restart still lands it.
 */
export async function clearCrashLeftovers(store: Store, blobs: BlobStore, uploadUrlsSince: Date): Promise<Recovered> {
  const { files, bytes } = await blobs.removePartials();
  let abandoned = 0;
  for (const id of store.pendingBefore(uploadUrlsSince.toISOString())) {
    if ((await blobs.size(id)) !== null) continue;
    store.deleteDataset(id);
    abandoned++;
  }
  return { partials: files, partialBytes: bytes, abandoned };
}
