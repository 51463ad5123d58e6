/** Finding PostgreSQL's binaries where Debian's package, a PATH or /usr/local/bin put them; none is a loud error. */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findPostgresBin, postgresBinDirs } from "./postgres-cluster.js";

function folder(...tools: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "wai-pgbin-"));
  for (const tool of tools) {
    writeFileSync(join(dir, tool), "#!/bin/sh\n");
    chmodSync(join(dir, tool), 0o755);
  }
  return dir;
}

describe("the test cluster's binaries", () => {
  it("are looked for on PATH, then /usr/local/bin, then Debian's versioned folders", () => {
    const dirs = postgresBinDirs({ PATH: "/a:/b" });
    expect(dirs.slice(0, 3)).toEqual(["/a", "/b", "/usr/local/bin"]);
    expect(dirs.slice(3).every((d) => /^\/usr\/lib\/postgresql\/\d+\/bin$/.test(d))).toBe(true);
  });

  it("the first folder with all three wins; none is an error saying how to install PostgreSQL", () => {
    const partial = folder("initdb", "pg_ctl");
    const whole = folder("initdb", "pg_ctl", "postgres");
    expect(findPostgresBin([partial, whole])).toBe(whole);
    const empty = join(partial, "none");
    mkdirSync(empty);
    expect(() => findPostgresBin([empty])).toThrow(
      `PostgreSQL not found: the PostgreSQL variants of the platform-server tests need initdb, pg_ctl and postgres (looked in ${empty}). Install it (Debian: apt-get install postgresql), or run only the embedded store's tests: vitest run --project sqlite`,
    );
  });
});
