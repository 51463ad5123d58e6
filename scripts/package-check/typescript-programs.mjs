// The TypeScript programs the package check compiles in the fresh project, one per way a user
// resolves modules, each with and without skipLibCheck: the READMEs' TypeScript examples (each
// its own module, with readme-placeholders.ts for the values they leave to the reader) and, on
// their own, the JavaScript ones; a CommonJS file that requires every entry (nodenext:
// TypeScript 5.8+ models Node's require(esm)); and a browser project that imports every browser
// entry with the DOM library and no @types/node.
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const PLACEHOLDERS = new URL("./readme-placeholders.ts", import.meta.url);

/**
 * `bundler` resolution sets no platform condition, so TypeScript reads the browser-safe build of
 * a package whose `.` differs by `node`; a bundler-resolved Node program (Bun, tsx, a server
 * bundle) adds `customConditions: ["node"]` to read the Node build, as the README says.
 */
const RESOLUTIONS = [
  { name: "node16", options: { module: "node16", moduleResolution: "node16" }, examples: "all" },
  { name: "nodenext", options: { module: "nodenext", moduleResolution: "nodenext" }, examples: "all", commonJs: true },
  { name: "bundler, module esnext", options: { module: "esnext", moduleResolution: "bundler" }, examples: "universal" },
  { name: "bundler, module esnext, node condition", options: { module: "esnext", moduleResolution: "bundler", customConditions: ["node"] }, examples: "node" },
  { name: "bundler, module preserve", options: { module: "preserve", moduleResolution: "bundler" }, examples: "universal" },
  { name: "bundler, module preserve, node condition", options: { module: "preserve", moduleResolution: "bundler", customConditions: ["node"] }, examples: "node" },
  { name: "browser: bundler, DOM, no @types/node", options: { module: "esnext", moduleResolution: "bundler", lib: ["ES2022", "DOM", "DOM.Iterable"], types: [] }, examples: "universal", browserEntries: true },
  // The JavaScript examples are Node programs (.mjs), checked as an editor checks JavaScript
  // (checkJs, not strict): wrong names, arguments and reply types are errors, an unannotated
  // parameter or a value that may be null is not.
  { name: "JavaScript examples (checkJs), nodenext", options: { module: "nodenext", moduleResolution: "nodenext", strict: false }, examples: "javascript" },
];

const COMMON = { strict: true, noEmit: true, target: "ES2022", lib: ["ES2022"], types: ["node"], allowJs: true, checkJs: true, verbatimModuleSyntax: true };

const namespaceImports = (specs, syntax) => specs.map((spec, i) => syntax(`entry${i}`, spec)).join("\n");

/**
 * Writes the sources and one tsconfig per program into `projectDir`; returns each program's
 * `{ name, config }` and the map from example file to its README place.
 */
export function writeTypeScriptPrograms(projectDir, { examples, entries, browserEntries }) {
  const dir = join(projectDir, "ts");
  mkdirSync(join(dir, "readme"), { recursive: true });
  copyFileSync(PLACEHOLDERS, join(dir, "readme-placeholders.ts"));
  for (const example of examples) writeFileSync(join(dir, "readme", example.file), example.code);
  writeFileSync(
    join(dir, "require-every-entry.cts"),
    `${namespaceImports(entries, (name, spec) => `import ${name} = require("${spec}");`)}\n\nvoid [${entries.map((_, i) => `entry${i}`).join(", ")}];\n`,
  );
  writeFileSync(
    join(dir, "import-every-browser-entry.ts"),
    `${namespaceImports(browserEntries, (name, spec) => `import * as ${name} from "${spec}";`)}\n\nexport const entries = [${browserEntries.map((_, i) => `entry${i}`).join(", ")}];\n`,
  );
  const programs = [];
  for (const resolution of RESOLUTIONS) {
    const chosen = examples.filter((e) => {
      if (e.file.endsWith(".mjs")) return resolution.examples === "javascript";
      return resolution.examples === "all" || (resolution.examples === "node" && e.node) || (resolution.examples === "universal" && !e.node);
    });
    const files = ["ts/readme-placeholders.ts", ...chosen.map((e) => `ts/readme/${e.file}`)];
    if (resolution.commonJs) files.push("ts/require-every-entry.cts");
    if (resolution.browserEntries) files.push("ts/import-every-browser-entry.ts");
    for (const skipLibCheck of [false, true]) {
      const name = `${resolution.name}, skipLibCheck ${skipLibCheck}`;
      const config = join(projectDir, `tsconfig.${programs.length}.json`);
      writeFileSync(config, `${JSON.stringify({ compilerOptions: { ...COMMON, ...resolution.options, skipLibCheck }, files }, null, 2)}\n`);
      programs.push({ name, config });
    }
  }
  return programs;
}

/** `ts/readme/<file>(row,col)` in tsc's output, told as the README line it stands for. */
export function readmePlaceOf(message, examples) {
  return message.replace(/ts\/readme\/([^()]+)\((\d+),(\d+)\)/g, (all, file, row) => {
    const example = examples.find((e) => e.file === file);
    return example ? `${example.readme}:${example.line + Number(row)} (${all})` : all;
  });
}
