/** What a crash leaves behind in the data directory, cleared when the server starts. */
import type { BlobStore } from "./blobs.js";
import { serverGone } from "./server-liveness.js";
import type { Store } from "./store.js";

export interface Recovered {
  /** Partial uploads removed, and their bytes. */
  partials: number;
  partialBytes: number;
  /** Pending datasets removed: no bytes, and an upload URL that has expired. */
  abandoned: number;
}

/**
 * Removes every partial upload whose server is gone (no upload outlives the process that took
 * it; a server still running beside this one on a shared folder keeps its own), then every
 * pending dataset that has no bytes and whose upload URL expired before `uploadUrlsSince`: no
 * one can upload to it any more, so it would stay pending forever. A pending dataset whose URL
 * still works is kept, so a client retrying its PUT across the restart still lands it.
 */
export async function clearCrashLeftovers(store: Store, blobs: BlobStore, uploadUrlsSince: Date): Promise<Recovered> {
  const { files, bytes } = await blobs.removePartials((instance) => serverGone(store.db, instance));
  let abandoned = 0;
  for (const id of await store.pendingBefore(uploadUrlsSince.toISOString())) {
    if ((await blobs.size(id)) !== null) continue;
    await store.deleteDataset(id);
    abandoned++;
  }
  return { partials: files, partialBytes: bytes, abandoned };
}
