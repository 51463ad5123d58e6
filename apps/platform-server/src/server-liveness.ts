/**
 * Which server process is still running, as every server on one database sees it: each holds an
 * advisory lock on its own name (`instance`) while it runs, and what it leaves in progress (an hf
 * job, an upload's temporary file) carries that name. On the embedded database one process has
 * the file, so whatever an earlier process left is gone with it.
 */
import type { Database } from "./db/database.js";

/** The lock a server holds while it runs. */
export const serverLock = (instance: string): string => `whileai:server:${instance}`;

/** True when the server named `instance` no longer runs (null: work from before servers named theirs). */
export async function serverGone(db: Database, instance: string | null): Promise<boolean> {
  return instance === null || (await db.transaction((tx) => tx.tryLock(serverLock(instance))));
}
