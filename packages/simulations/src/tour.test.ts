// The README's five-minute tour shows library snippets with their output. Each snippet is a file in
// docs/tour/; this runs every one as a child process from the repository root, as a reader would
// (`node docs/tour/01-report.mjs`), and checks that the README holds exactly that file's code and
// that every output line it shows for the file is printed, in order. A snippet edited without the
// README, or a README output that the code no longer prints, fails here.
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const TOUR = new URL("../../../docs/tour/", import.meta.url);
const README = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
const SNIPPETS = readdirSync(TOUR)
  .filter((name) => name.endsWith(".mjs"))
  .sort();

// What legitimately differs from run to run is replaced by a placeholder on both sides before
// lines are compared: the snippets' temporary directories, ports, dataset ids, timings and rates.
// Everything else (counts, prompts, similarities, report text) must match exactly.
const VARYING: [RegExp, string][] = [
  [/\S*whileai-tour-[A-Za-z0-9]+/g, "<tmp>"],
  [/127\.0\.0\.1:\d+/g, "127.0.0.1:<port>"],
  [/\bds_[0-9a-f]{24}\b/g, "ds_<id>"],
  [/\b\d+(\.\d+)? pairs\/s\b/g, "<n> pairs/s"],
  [/\b\d+(\.\d+)? (s|ms)\b/g, "<t> $2"],
];
const ELLIPSIS = "…";

function normalise(line: string): string {
  let out = line.trimEnd();
  for (const [pattern, placeholder] of VARYING) out = out.replace(pattern, placeholder);
  return out;
}

/** The fenced ```text block that starts with `$ node docs/tour/<name>`: its lines after that one. */
function shownOutput(name: string): { at: number; lines: string[] } {
  const opening = `\`\`\`text\n$ node docs/tour/${name}\n`;
  const at = README.indexOf(opening);
  if (at === -1) throw new Error(`README.md shows no output block for docs/tour/${name} (a \`\`\`text block starting "$ node docs/tour/${name}")`);
  const body = README.slice(at + opening.length, README.indexOf("\n```", at + opening.length));
  return { at, lines: body.split("\n") };
}

/**
 * Each shown line must equal a later output line, once normalised. A line that is exactly "…"
 * stands for lines left out; a line ending in "…" was cut short and matches a line it begins.
 */
function expectShownInOrder(shown: string[], printed: string[], name: string): void {
  const actual = printed.map(normalise);
  let next = 0;
  for (const raw of shown) {
    if (raw.trim() === ELLIPSIS) continue;
    const line = normalise(raw);
    const cut = line.endsWith(ELLIPSIS) ? line.slice(0, -ELLIPSIS.length) : null;
    const found = actual.findIndex((candidate, i) => i >= next && (cut === null ? candidate === line : candidate.startsWith(cut)));
    if (found === -1) {
      throw new Error(`docs/tour/${name}: the README shows\n  ${raw}\nbut the snippet printed no such line after line ${next}. It printed:\n${printed.join("\n")}`);
    }
    next = found + 1;
  }
}

describe("the README's five-minute tour (docs/tour/*.mjs)", () => {
  it("has snippets, and every output block in the README names one of them", () => {
    expect(SNIPPETS.length).toBeGreaterThan(0);
    const named = [...README.matchAll(/```text\n\$ node docs\/tour\/(\S+)\n/g)].map((m) => m[1]);
    expect(named.sort()).toEqual(SNIPPETS);
  });

  for (const name of SNIPPETS) {
    it(`${name}: the README shows its code verbatim, it exits 0 and prints what the README shows`, { timeout: 120_000 }, async () => {
      const code = readFileSync(new URL(name, TOUR), "utf8");
      const codeAt = README.indexOf(`\`\`\`js\n${code}\`\`\`\n`);
      expect(codeAt, `README.md does not contain docs/tour/${name} verbatim in a \`\`\`js block`).not.toBe(-1);
      const output = shownOutput(name);
      expect(codeAt, `the code of docs/tour/${name} must come before its output`).toBeLessThan(output.at);
      expect(output.lines.filter((line) => line.trim() !== ELLIPSIS).length).toBeGreaterThan(0);

      // The reader's own platform settings must not matter: a snippet talks to its own server only.
      const env = { ...process.env, WHILEAI_API_URL: "http://127.0.0.1:9", WHILEAI_API_KEY: "not-this-one" };
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [fileURLToPath(new URL(name, TOUR))], { cwd: ROOT, env, maxBuffer: 16 << 20 });
      expect(stderr).toBe("");
      expectShownInOrder(output.lines, stdout.split("\n"), name);
    });
  }
});
