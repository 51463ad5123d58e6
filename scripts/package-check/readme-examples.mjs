// The TypeScript and JavaScript examples of the READMEs, read out of the Markdown so the type
// check runs what a reader copies: each ```ts block becomes a .ts file and each ```js block a
// .mjs file, named after the README and the line the block starts on.
import { readFileSync } from "node:fs";
import { relative } from "node:path";

const FENCE = /^```(ts|js)\s*\n([\s\S]*?)^```\s*$/gm;

/** Bare module specifiers an example imports (`from "x"`, `import("x")`). */
export function importedSpecifiers(code) {
  return [...code.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)"([^".][^"]*)"/gm)].map((m) => m[1]);
}

/**
 * A Node program imports a Node built-in, a `/node` entry or the local platform server: it is
 * type-checked for Node only (under `bundler` resolution with the `node` condition).
 */
export const isNodeProgram = (code) => importedSpecifiers(code).some((spec) => spec.startsWith("node:") || /^@whileai\/[^/]+\/node$/.test(spec) || spec.startsWith("@whileai/platform-server"));

/** Every example of the READMEs at `paths`, each `{ readme, line, file, code, node }`. */
export function readmeExamples(paths, root) {
  const examples = [];
  for (const path of paths) {
    const text = readFileSync(path, "utf8");
    const slug = relative(root, path).replace(/(^|\/)README\.md$/, "").replace(/[^\w]+/g, "-") || "root";
    for (const match of text.matchAll(FENCE)) {
      const line = text.slice(0, match.index).split("\n").length;
      const code = match[2];
      examples.push({ readme: relative(root, path), line, file: `${slug}-L${line}.${match[1] === "ts" ? "ts" : "mjs"}`, code, node: isNodeProgram(code) });
    }
  }
  return examples;
}
