/**
 * Reading the API key for `wai login`: from stdin when it is piped or redirected (one line), else
 * typed at a prompt that does not show it. The key is never echoed or printed.
 */
import { createInterface } from "node:readline";
import { Writable, type Readable } from "node:stream";
import { CliError } from "../../errors.js";
import type { CliIo } from "../../io.js";

/** More than any key: stdin this long is a file piped by mistake, not a key. */
const MAX_STDIN_BYTES = 64 * 1024;

/** A key a request header can carry: no tab or other control character inside (the key itself is never shown). */
function checked(key: string): string {
  if (/[\u0000-\u001f\u007f]/.test(key)) throw new CliError("the API key holds a tab or another control character: give the key alone, on one line");
  return key;
}

/** The key from piped stdin: all of it, trimmed; it must be one non-empty line. */
export async function keyFromStdin(stdin: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > MAX_STDIN_BYTES) throw new CliError(`stdin holds more than ${MAX_STDIN_BYTES / 1024} KiB: pipe the API key alone, on one line`);
    chunks.push(bytes);
  }
  const key = Buffer.concat(chunks).toString("utf8").trim();
  if (key === "") throw new CliError("no API key on stdin: pipe it on one line (wai login < key.txt), or run wai login in a terminal to type it");
  if (/[\r\n]/.test(key)) throw new CliError("stdin holds more than one line: pipe the API key alone, on one line");
  return checked(key);
}

/** Swallows everything readline would draw (the typed characters, cursor moves), so nothing of the key is shown. */
function mutedOutput(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}

function interrupted(): Error {
  return new DOMException("interrupted", "AbortError");
}

/**
 * The key typed at a terminal. Readline puts the terminal in raw mode (so the terminal does not
 * echo either) and handles editing; Enter ends the key, Ctrl-C interrupts (exit 130), Ctrl-D on
 * an empty line gives up.
 */
export async function keyFromPrompt(io: Pick<CliIo, "stdin" | "stderr">): Promise<string> {
  const key = (await typedLine(io)).trim();
  if (key === "") throw new CliError("no API key typed");
  return checked(key);
}

/** One line typed at the terminal, nothing of it shown (Enter was not echoed either, so a newline follows). */
function typedLine(io: Pick<CliIo, "stdin" | "stderr">): Promise<string> {
  const rl = createInterface({ input: io.stdin, output: mutedOutput(), terminal: true });
  // Written after readline has turned echo off, so a key typed ahead is never shown.
  io.stderr.write("API key (typing is not shown): ");
  return new Promise<string>((resolve, reject) => {
    let answered = false;
    const finish = (outcome: () => void) => {
      answered = true;
      rl.close();
      outcome();
    };
    rl.once("line", (line) => finish(() => resolve(line)));
    rl.once("SIGINT", () => finish(() => reject(interrupted())));
    // Ctrl-D, or the terminal gone: no line came.
    rl.once("close", () => {
      if (!answered) reject(new CliError("no API key typed"));
    });
  }).finally(() => io.stderr.write("\n"));
}
