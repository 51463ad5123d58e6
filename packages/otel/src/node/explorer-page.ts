/**
 * The web explorer (apps/web, as `vite build` made it) served from a receiver's own origin: by
 * `wai otel serve --ui` and by the local platform server. The page is the offline explorer
 * unchanged but for one tag: index.html goes out with `<meta name="whileai-live" content=…>`,
 * which tells the page where its live stream is (and, with `data-auth="api-key"`, that the stream
 * wants the account's API key); the static page has no such tag and never asks for one.
 */
import { readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, relative, sep } from "node:path";

export interface ExplorerPageOptions {
  /** The live stream's path relative to the page, e.g. `api/live`. */
  live: string;
  /** `"api-key"`: the stream is read with the account's API key, which the page asks for. */
  auth?: "api-key";
}

export interface ExplorerPage {
  /** Answers GET/HEAD of the page and its files; false for any other request (the caller's other routes, or its 404). */
  answer(request: IncomingMessage, response: ServerResponse): boolean;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

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

const attribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The explorer's files in `dir`, read once for their names. A folder without index.html, or an
 * index.html with no `</head>`, throws an Error naming the path (before the caller listens).
 */
export function explorerPage(dir: string, options: ExplorerPageOptions): ExplorerPage {
  const indexPath = join(dir, "index.html");
  let index: string;
  try {
    index = readFileSync(indexPath, "utf8");
  } catch (error) {
    throw new Error(`${indexPath} is missing (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, { cause: error });
  }
  if (!index.includes("</head>")) throw new Error(`${indexPath} has no </head> to put the live stream's address before`);
  const auth = options.auth === undefined ? "" : ` data-auth="${options.auth}"`;
  const page = Buffer.from(index.replace("</head>", `<meta name="whileai-live" content="${attribute(options.live)}"${auth} />\n  </head>`));
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
