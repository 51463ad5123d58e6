// `wai login` as a user runs it: the built binary with stdin piped (or a real terminal from
// `script`), a temporary HOME, and the platform client reading the stored key back on its next
// request to a server on 127.0.0.1.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, childEnv } from "../../testing/run-wai.js";
import { isolatedEnv, removeScratchDirs, runWai, runWaiBinary, scratchDir, type Env } from "../../testing/platform-fixture.js";

const KEY = "wai_test_login_3f9a";

/** A platform stand-in that records each request's headers and answers every `GET /agents` with no agents. */
let server: Server;
let url: string;
const seen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ agents: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  removeScratchDirs();
});

/** A user with an empty home and no WHILEAI_ variables: the login goes to `~/.whileai/credentials.json`. */
function freshUser(extra: Record<string, string> = {}): { home: string; env: Env; file: string } {
  const home = scratchDir("wai-login-");
  return { home, env: { ...isolatedEnv(home, extra), WHILEAI_HOME: undefined }, file: join(home, ".whileai", "credentials.json") };
}

const stored = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;

describe("wai login, key on stdin", () => {
  it("stores the piped key (mode 0600), never prints it, and the next platform request carries it", async () => {
    const { env, file } = freshUser();
    const result = await runWaiBinary(["login"], { input: `${KEY}\n`, env });
    expect(result).toMatchObject({ code: 0, stdout: `stored the API key in ${file}\n`, stderr: "" });
    expect(stored(file)).toEqual({ api_key: KEY });
    expect(statSync(file).mode & 0o777).toBe(0o600);

    seen.length = 0;
    const listed = await runWaiBinary(["agents", "--api-url", url], { env });
    expect(listed).toMatchObject({ code: 0, stderr: "" });
    expect(seen.map((headers) => headers["x-api-key"])).toEqual([KEY]);
  });

  it("trims the line and keeps the file's other keys", async () => {
    const { home, env, file } = freshUser();
    mkdirSync(join(home, ".whileai"));
    writeFileSync(file, JSON.stringify({ api_key: "old", api_url: "https://api.withwhile.com", name: "Ada" }));
    const result = await runWaiBinary(["login", "--json"], { input: `  ${KEY}  \r\n`, env });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ path: file, stored: true });
    expect(stored(file)).toEqual({ api_key: KEY, api_url: "https://api.withwhile.com", name: "Ada" });
  });

  it("writes under WHILEAI_HOME when it is set, where the client then reads it", async () => {
    const home = scratchDir("wai-login-");
    const env = isolatedEnv(home);
    const result = await runWai(["login"], { input: KEY, env });
    expect(result.stdout).toBe(`stored the API key in ${join(env["WHILEAI_HOME"]!, "credentials.json")}\n`);
    seen.length = 0;
    expect((await runWai(["agents", "--api-url", url], { env })).code).toBe(0);
    expect(seen[0]!["x-api-key"]).toBe(KEY);
  });

  it("refuses empty stdin, more than one line and control characters, storing nothing", async () => {
    const { env, file } = freshUser();
    for (const input of ["", " \n\n", `${KEY}\nsecond\n`, `${KEY}\tsecond\n`]) {
      const result = await runWai(["login"], { input, env });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(/^wai: (no API key on stdin: pipe it on one line|stdin holds more than one line: pipe the API key alone|the API key holds a tab or another control character)/);
      expect(result.stderr).not.toContain(KEY);
    }
    expect(existsSync(file)).toBe(false);
  });

  it("refuses to overwrite a credentials file that is not JSON", async () => {
    const { home, env, file } = freshUser();
    mkdirSync(join(home, ".whileai"));
    writeFileSync(file, "{ not json");
    const result = await runWai(["login"], { input: KEY, env });
    expect(result).toMatchObject({ code: 1, stderr: `wai: ${file} is not a JSON object, so it was left as it is: fix or remove it, then log in again\n` });
    expect(readFileSync(file, "utf8")).toBe("{ not json");
  });

  it("warns when an environment credential will be used before the stored key", async () => {
    const { env } = freshUser({ WHILEAI_API_KEY: "k_env" });
    const result = await runWai(["login"], { input: KEY, env });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("wai: warning: WHILEAI_API_KEY is set: platform commands use it before the stored key\n");
  });
});

describe("wai login --logout", () => {
  it("removes the key and says so; then there is none, and the platform commands say how to log in", async () => {
    const { env, file } = freshUser();
    await runWai(["login"], { input: KEY, env });
    expect(await runWai(["login", "--logout"], { env })).toMatchObject({ code: 0, stdout: `removed the stored API key from ${file}\n` });
    expect(existsSync(file)).toBe(false);
    const again = await runWai(["login", "--logout", "--json"], { env });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ path: file, removed: false });
    const listed = await runWai(["agents", "--api-url", url], { env });
    expect(listed).toMatchObject({ code: 1, stderr: "wai: No credential. Run `wai login`, or pass --api-key, or set WHILEAI_DELEGATED_CREDENTIAL / WHILEAI_API_KEY.\n" });
  });

  it("keeps the file's other keys", async () => {
    const { home, env, file } = freshUser();
    mkdirSync(join(home, ".whileai"));
    writeFileSync(file, JSON.stringify({ api_key: KEY, user_id: "u_1" }));
    expect((await runWai(["login", "--logout"], { env })).code).toBe(0);
    expect(stored(file)).toEqual({ user_id: "u_1" });
  });
});

// `script` (util-linux) runs `wai login` on a real pseudo-terminal, so the prompt, the terminal's
// echo and Ctrl-C are the real ones. The keys are typed only once the prompt is shown.
const hasScript = spawnSync("script", ["--version"]).status === 0;

function loginOnTerminal(env: Env, typed: string): Promise<{ code: number | null; output: string }> {
  const command = [process.execPath, BIN, "login"].map((part) => `'${part}'`).join(" ");
  const child = spawn("script", ["-q", "-e", "-c", command, "/dev/null"], { env: childEnv(env), stdio: ["pipe", "pipe", "pipe"] });
  let output = "";
  let typedYet = false;
  child.stdout.setEncoding("utf8").on("data", (text: string) => {
    output += text;
    if (!typedYet && output.includes("API key (typing is not shown): ")) {
      typedYet = true;
      child.stdin.write(typed);
    }
  });
  child.stderr.resume();
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      child.stdin.destroy();
      resolve({ code, output });
    });
  });
}

describe.skipIf(!hasScript)("wai login at a terminal", () => {
  it("asks for the key without showing it (editing works) and stores it", async () => {
    const { env, file } = freshUser();
    // "wai_x" then a backspace: what is stored is what the line holds once edited.
    const { code, output } = await loginOnTerminal(env, `wai_x\x7f${KEY.slice(4)}\r`);
    expect(code).toBe(0);
    expect(output).toBe(`API key (typing is not shown): \r\nstored the API key in ${file}\r\n`);
    expect(stored(file)).toEqual({ api_key: KEY });
  });

  it("Ctrl-C stops with exit 130 and stores nothing", async () => {
    const { env, file } = freshUser();
    const { code, output } = await loginOnTerminal(env, "wai_half\x03");
    expect(code).toBe(130);
    expect(output).toContain("wai: interrupted");
    expect(output).not.toContain("wai_half");
    expect(existsSync(file)).toBe(false);
  });

  it("an empty line is refused", async () => {
    const { env, file } = freshUser();
    const { code, output } = await loginOnTerminal(env, "\r");
    expect(code).toBe(1);
    expect(output).toContain("wai: no API key typed");
    expect(existsSync(file)).toBe(false);
  });
});
