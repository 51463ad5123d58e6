/**
 * What every platform command shares: `--api-url`, `--api-key` and `--json`. The client itself
 * resolves the key (explicit, then WHILEAI_DELEGATED_CREDENTIAL, WHILEAI_API_KEY, the stored login)
 * and the URL (WHILEAI_API_URL); these options only feed it (`connect.ts`, when a command runs).
 */
import { InvalidArgumentError, type Command } from "commander";

export interface ConnectionOptions {
  apiUrl?: string;
  apiKey?: string;
  json?: boolean;
}

/** `--api-url`: an absolute http(s) URL. */
export function parseApiUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError(`expected an http(s) URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new InvalidArgumentError(`expected an http(s) URL, got ${JSON.stringify(value)}`);
  return value;
}

/** A platform subcommand of `parent` with the connection options and `--json`. */
export function platformCommand(parent: Command, name: string, description: string): Command {
  return parent
    .command(name)
    .description(description)
    .option("--api-url <url>", "platform to call (default: $WHILEAI_API_URL, else https://api.withwhile.com)", parseApiUrl)
    .option("--api-key <key>", "API key (default: $WHILEAI_DELEGATED_CREDENTIAL, $WHILEAI_API_KEY, then the stored login)")
    .option("--json", "print the platform's reply as JSON");
}

/** `Example:` block for `--help`. */
export function examples(...lines: string[]): string {
  return `\nExample:\n${lines.map((l) => `  $ ${l}`).join("\n")}\n`;
}
