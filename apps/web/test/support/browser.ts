/**
 * Real headless Chromium (Debian's, as CI installs it) driven by playwright-core, on the built
 * app served from 127.0.0.1. Every request the page makes is recorded so a test can assert that
 * nothing left the app's origin; page errors are recorded so a broken page fails the test.
 */
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page, type Worker } from "playwright-core";
import { build } from "vite";
import { serveStatic, type StaticServer } from "./static-server.js";

export const APP_DIR = fileURLToPath(new URL("../../", import.meta.url));
export const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));
export const EXAMPLES_DIR = fileURLToPath(new URL("../../../../examples/", import.meta.url));
export const ARTIFACTS = fileURLToPath(new URL("../../test-artifacts/", import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface Explorer {
  page: Page;
  origin: string;
  /** Every URL the page requested, in order. */
  requests: string[];
  /** Uncaught page errors and console errors. */
  errors: string[];
  close(): Promise<void>;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** The built workspace packages the app bundles (their dist/): a rebuilt @whileai/ingest must reach the page. */
function workspaceDists(): string[] {
  const dir = `${APP_DIR}node_modules/@whileai`;
  return readdirSync(dir).map((name) => `${dir}/${name}/dist`).filter((path) => existsSync(path));
}

/** dist/ as `vite build` makes it; rebuilt here when missing or older than the sources (turbo builds it first in CI). */
export async function ensureBuilt(): Promise<void> {
  const index = `${DIST}index.html`;
  // build/ holds the examples plugin; every trace file under examples/ is copied into the build.
  const inputs = [`${APP_DIR}src`, `${APP_DIR}build`, EXAMPLES_DIR, ...workspaceDists()].map(newestMtime);
  const sources = Math.max(...inputs, statSync(`${APP_DIR}index.html`).mtimeMs, statSync(`${APP_DIR}vite.config.ts`).mtimeMs);
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  await build({ root: APP_DIR, logLevel: "warn" });
}

export interface ExplorerOptions {
  /** V8 flags, e.g. `--jitless`, which turns WebAssembly off: the engine a fallback must serve. */
  jsFlags?: string;
}

export async function openExplorer(options: ExplorerOptions = {}): Promise<Explorer> {
  await ensureBuilt();
  mkdirSync(ARTIFACTS, { recursive: true });
  const server: StaticServer = await serveStatic(DIST);
  let browser: Browser;
  try {
    // No skip when Chromium is missing: CI installs it, and a browser test that cannot run must fail.
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        ...(options.jsFlags === undefined ? [] : [`--js-flags=${options.jsFlags}`]),
      ],
    });
  } catch (error) {
    await server.close();
    throw new Error(`cannot launch Chromium at ${CHROMIUM} (install Debian's chromium, as .ci/run does): ${(error as Error).message}`);
  }
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console error: ${message.text()}`);
  });
  // On the context, so requests from the page's workers (the scan worker) are seen too.
  context.on("request", (request) => requests.push(request.url()));
  await page.goto(`${server.origin}/`);
  return {
    page,
    origin: server.origin,
    requests,
    errors,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** Requests that left the app's origin (blob: and data: URLs never leave the page). */
export function foreignRequests(explorer: Explorer): string[] {
  return explorer.requests.filter((url) => !url.startsWith(`${explorer.origin}/`) && !url.startsWith("blob:") && !url.startsWith("data:"));
}

/**
 * The page's trace readers (load.worker), where files are read and analysed off the page's thread.
 * The trace file's reader starts with the page; each leakage side's when it first reads.
 */
export async function loadWorkers(page: Page): Promise<Worker[]> {
  const readers = () => page.workers().filter((w) => /\/load\.worker[-.]/.test(w.url()));
  if (readers().length === 0) await page.waitForEvent("worker", { predicate: (w) => /\/load\.worker[-.]/.test(w.url()), timeout: 60_000 });
  return readers();
}

/** `fn` run in every trace reader of the page, its answers in their order. */
export async function inLoadWorkers<R>(page: Page, fn: () => R | Promise<R>): Promise<R[]> {
  return Promise.all((await loadWorkers(page)).map((w) => w.evaluate(fn)));
}
