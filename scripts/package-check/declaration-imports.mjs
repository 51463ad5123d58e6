// What an installed package's type declarations import, entry by entry. A .d.ts that imports a
// package the manifest does not list in `dependencies` (an optional peer, a dev dependency) fails
// to type-check without skipLibCheck wherever that package is absent, and an entry meant for
// browsers must not need Node's types. npm hoisting can hide both from tsc, so they are read here.
import { existsSync, readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { dirname, join, relative } from "node:path";

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)["']([^"']+)["']/gm;
const REFERENCE_TYPES = /^\/\/\/\s*<reference\s+types=["']([^"']+)["']/gm;

/** The package a bare specifier names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
export const packageOf = (spec) => spec.split("/").slice(0, spec.startsWith("@") ? 2 : 1).join("/");

/** `types` files of an exports value, each with whether it is reached through a `node` condition. */
function typesFiles(value, underNode, out) {
  if (typeof value === "string") return out;
  for (const [condition, target] of Object.entries(value)) {
    if (condition === "types" && typeof target === "string") out.push({ file: target, node: underNode });
    else if (typeof target === "object" && target !== null) typesFiles(target, underNode || condition === "node", out);
  }
  return out;
}

/** The bare specifiers the declaration file `start` reaches through its relative imports. */
function reachedSpecifiers(start) {
  const seen = new Set();
  const specifiers = new Map(); // specifier -> first declaration file importing it
  const pending = [start];
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    const found = [...text.matchAll(IMPORT)].map((m) => m[1]);
    for (const [, name] of text.matchAll(REFERENCE_TYPES)) found.push(name === "node" ? "node:" : name);
    for (const spec of found) {
      if (spec.startsWith(".")) pending.push(join(dirname(file), spec.replace(/\.js$/, ".d.ts")));
      else if (!specifiers.has(spec)) specifiers.set(spec, file);
    }
  }
  return specifiers;
}

/**
 * Problems of the package installed at `dir`: each a sentence naming the declaration file and
 * what it imports. `nodeOnly` packages may use Node's types in every entry.
 */
export function declarationImportProblems(dir, { nodeOnly = false } = {}) {
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const allowed = new Set([manifest.name, ...Object.keys(manifest.dependencies ?? {})]);
  for (const [peer, meta] of Object.entries(manifest.peerDependenciesMeta ?? {})) if (!meta?.optional) allowed.add(peer);
  const problems = [];
  for (const [subpath, value] of Object.entries(manifest.exports ?? {})) {
    for (const { file, node } of typesFiles(value, false, [])) {
      const nodeAllowed = nodeOnly || node || subpath === "./node" || subpath.endsWith("/node");
      for (const [spec, from] of reachedSpecifiers(join(dir, file))) {
        const where = relative(dir, from);
        if (spec === "node:" || isBuiltin(spec)) {
          if (!nodeAllowed) problems.push(`${manifest.name} ${subpath} (${file}): ${where} needs Node's types (${spec === "node:" ? '/// <reference types="node" />' : spec}), in an entry meant for browsers too`);
        } else if (!allowed.has(packageOf(spec))) {
          problems.push(`${manifest.name} ${subpath} (${file}): ${where} imports "${spec}", which is not among the package's dependencies`);
        }
      }
    }
  }
  return problems;
}
