/** Uploads caught in the middle, for the fault and team tests: a PUT held half sent, and waiting on the blob folder to change. */
import { readdirSync, watch } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";

/** The files of the server's blob folder, sorted. */
export const blobFiles = (dataDir: string) => readdirSync(join(dataDir, "blobs")).sort();

/** Resolves once `check` holds, looking again at each change in the server's blob directory. */
export function untilBlobs(dataDir: string, check: (files: string[]) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      if (!check(blobFiles(dataDir))) return;
      watcher.close();
      resolve();
    };
    // Watching before the first look, so a change between the two is not missed.
    const watcher = watch(join(dataDir, "blobs"), done).on("error", reject);
    done();
  });
}

/** Starts a PUT of `total` bytes by sending `first` and holding the rest back; `finish` sends the rest and resolves with the reply. */
export function startPut(uploadUrl: string, first: Buffer, total: number): { finish: (rest: Buffer) => Promise<{ status: number; body: string }> } {
  const req = request(uploadUrl, { method: "PUT", headers: { "Content-Length": total } });
  const reply = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on("response", (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
  });
  req.write(first);
  return {
    finish: async (rest) => {
      req.end(rest);
      return reply;
    },
  };
}
