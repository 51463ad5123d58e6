/**
 * The web explorer (apps/web) served from a receiver's own origin, for `wai otel serve --ui`. The
 * CLI's build copies the explorer's built files into dist/ui (scripts/copy-explorer.mjs). The page
 * is the offline explorer unchanged but for one tag: index.html goes out with
 * `<meta name="whileai-live" content="api/live">`, which tells the page where its live row stream
 * is; the static page has no such tag and never asks for one.
 */
import { readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { CliError } from "../errors.js";

/** Where the build puts the explorer: dist/ui beside dist/commands. */
export const EXPLORER_DIR = fileURLToPath(new URL("../ui/", import.meta.url));

/** The path of the live row stream, relative to the page (the meta tag's content). */
export const LIVE_PATH = "api/live";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

export interface ExplorerUi {
  /** Answers GET/HEAD of the page and its files; false for any other request. */
  answer(request: IncomingMessage, response: ServerResponse): boolean;
}

function filesUnder(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.set(`/${relative(dir, path).split(sep).join("/")}`, path);
    }
  };
  walk(dir);
  return files;
}

/** The explorer's files in `dir`, read once for their names; a build without them is one line naming the path. */
export function explorerUi(dir: string = EXPLORER_DIR): ExplorerUi {
  const indexPath = join(dir, "index.html");
  let index: string;
  try {
    index = readFileSync(indexPath, "utf8");
  } catch (error) {
    throw new CliError(`--ui needs the explorer's built files, and ${indexPath} is missing (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); run npm run build in the repository, which copies apps/web/dist there`, { cause: error });
  }
  if (!index.includes("</head>")) throw new CliError(`${indexPath} has no </head> to put the live stream's address before; rebuild the explorer`);
  const page = Buffer.from(index.replace("</head>", `<meta name="whileai-live" content="${LIVE_PATH}" />\n  </head>`));
  const files = filesUnder(dir);

  const send = (request: IncomingMessage, response: ServerResponse, type: string, body: Buffer) => {
    // no-cache: a page from an earlier run must not meet this run's stream from the browser's cache.
    response.writeHead(200, { "Content-Type": type, "Content-Length": body.length, "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff" });
    response.end(request.method === "HEAD" ? undefined : body);
  };

  return {
    answer(request, response) {
      if (request.method !== "GET" && request.method !== "HEAD") return false;
      let path: string;
      try {
        path = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
      } catch {
        return false;
      }
      if (path === "/" || path === "/index.html") {
        send(request, response, TYPES[".html"]!, page);
        return true;
      }
      // Only files the build holds, looked up by name: no path reaches outside dir.
      const file = files.get(path);
      if (file === undefined) return false;
      readFile(file).then(
        (body) => send(request, response, TYPES[extname(file)] ?? "application/octet-stream", body),
        (error: Error) => response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end(`cannot read ${path}: ${error.message}\n`),
      );
      return true;
    },
  };
}
