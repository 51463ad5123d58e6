/**
 * An open file as random-access bytes, read at offsets through its descriptor: the Node entry's
 * reads, and the Parquet worker's on the descriptor it is handed (a pread, safe across threads).
 * A read error, or a file that ends early (it changed while being read), is named in one line.
 */
import { read } from "node:fs";
import { promisify } from "node:util";
import { failRead, type RandomAccessBytes } from "../bytes.js";

const pread = promisify(read);

export function fileAccess(fd: number, byteLength: number, name: string, signal?: AbortSignal): RandomAccessBytes {
  return {
    byteLength,
    async slice(start, end = byteLength) {
      signal?.throwIfAborted();
      const buffer = new Uint8Array(Math.max(0, Math.min(end, byteLength) - start));
      try {
        let done = 0;
        while (done < buffer.length) {
          const { bytesRead } = await pread(fd, buffer, done, buffer.length - done, start + done);
          if (bytesRead === 0) throw new Error(`the file ended at byte ${start + done} while reading to ${end}: it changed while being read`);
          done += bytesRead;
        }
      } catch (error) {
        failRead(error, name);
      }
      return buffer.buffer;
    },
  };
}
