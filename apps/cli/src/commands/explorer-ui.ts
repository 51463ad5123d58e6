/**
 * The web explorer for `wai otel serve --ui` and `wai serve --ui`. The CLI's build copies the
 * explorer's built files into dist/ui (scripts/copy-explorer.mjs); `explorerPage` of
 * @whileai/otel/node serves them with the tag that points the page at its live stream.
 */
import { explorerPage, type ExplorerPage, type ExplorerPageOptions } from "@whileai/otel/node";
import { fileURLToPath } from "node:url";
import { CliError } from "../errors.js";

/** Where the build puts the explorer: dist/ui beside dist/commands. */
export const EXPLORER_DIR = fileURLToPath(new URL("../ui/", import.meta.url));

/** The path of `wai otel serve`'s live row stream, relative to the page (the meta tag's content). */
export const LIVE_PATH = "api/live";

/** The explorer's files in `dir`; a build without them is one line naming the path. */
export function explorerUi(live: ExplorerPageOptions = { live: LIVE_PATH }, dir: string = EXPLORER_DIR): ExplorerPage {
  try {
    return explorerPage(dir, live);
  } catch (error) {
    throw new CliError(`--ui needs the explorer's built files, and ${(error as Error).message}; run npm run build in the repository, which copies apps/web/dist there`, { cause: error });
  }
}
