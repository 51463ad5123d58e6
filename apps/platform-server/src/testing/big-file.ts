/** Large JSONL files for the scale tests, written and hashed by streaming so neither side holds them in memory. */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { once } from "node:events";

/** Writes JSONL of at least `bytes` bytes (whole lines) to `path`; returns its size and SHA-256. */
export async function writeJsonlFile(path: string, bytes: number): Promise<{ size: number; sha256: string }> {
  const out = createWriteStream(path);
  const hash = createHash("sha256");
  const filler = "lorem ipsum dolor sit amet ".repeat(30);
  let size = 0;
  let line = 0;
  try {
    while (size < bytes) {
      // About 1 MiB of distinct lines per write, so the file is not one repeated block.
      let chunk = "";
      while (chunk.length < 1 << 20) {
        chunk += `{"prompt": "task ${line % 977} run ${line}", "steps": [{"tool": "search", "arguments": {"q": "q${line}"}}], "final_text": "${filler}", "reward": ${line % 3 === 0 ? 1 : 0}}\n`;
        line++;
      }
      const buf = Buffer.from(chunk);
      hash.update(buf);
      size += buf.length;
      if (!out.write(buf)) await once(out, "drain");
    }
  } finally {
    out.end();
    await once(out, "close");
  }
  return { size, sha256: hash.digest("hex") };
}

/** A file's size and SHA-256, read as a stream. */
export async function hashFile(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest("hex") };
}
