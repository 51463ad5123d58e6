// Platform transfer: the @whileai/platform client against the local platform server on 127.0.0.1,
// with tinybench, against baselines measured in the same run. Rows: pushRows of 100,000 trajectory
// rows and pull of them back to memory, beside JSON.stringify of the same rows (what encoding them
// costs at all) and raw undici requests moving the same bytes through the same create / presigned
// PUT / finalize and grant / GET flow (how close the client gets to the wire). A 256 MB JSONL file:
// pushFile (ungated: streamed from disk) and pull to a path, beside raw undici streams of the same
// file, with the client process's peak RSS growth. The server runs in a child process, so it has
// its own event loop (and core) and the RSS figures are the client's alone.
//   pnpm bench:platform            (or: node bench/platform.bench.mjs --rows 20000 --file-mb 64 for a quicker run)
import { fork } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import { createRequire } from "node:module";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

const MB = 1e6;
const SELF = fileURLToPath(import.meta.url);

if (process.argv[2] === "--serve") await serve(...process.argv.slice(3));
else await main();

/** The child process: the local platform on `dataDir`, `apiKey` registered; reports its URL, stops when the parent goes. */
async function serve(dataDir, apiKey) {
  const { createPlatformServer } = await import("@whileai/platform-server");
  const server = await createPlatformServer({ dataDir, host: "127.0.0.1", port: 0, signingKey: randomBytes(32).toString("base64url") });
  await server.ensureAccountKey("bench", apiKey);
  process.once("disconnect", () => void server.close().then(() => process.exit(0)));
  // Ctrl-C reaches the whole process group; the parent removes the data directory.
  process.on("SIGINT", () => {});
  process.send({ url: server.url });
}

function arg(name, fallback) {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

async function main() {
  const ROWS = arg("--rows", 100_000);
  const FILE_MB = arg("--file-mb", 256);
  const { Bench } = await import("tinybench");
  const py = await import("@whileai/hash-embed/internal");
  const wai = await import("@whileai/platform/node");
  const { trajectoryRow, trajectoryRows } = await import("./trajectories.mjs");
  // undici is the client's own transport; bench/ does not list it, so it is resolved from the client package.
  const fromPlatform = createRequire(fileURLToPath(import.meta.resolve("@whileai/platform/node")));
  const { Agent, request } = await import(pathToFileURL(fromPlatform.resolve("undici")).href);

  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc");

  // Everything on disk lives in one directory, removed at the end, on an error and on Ctrl-C.
  const dir = mkdtempSync(join(tmpdir(), "wai-bench-platform-"));
  let child = null;
  const cleanUp = () => {
    child?.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", cleanUp);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.once(signal, () => {
      cleanUp();
      process.kill(process.pid, signal);
    });
  }

  const apiKey = `wai_local_${randomBytes(18).toString("base64url")}`;
  const dataDir = join(dir, "platform");
  child = fork(SELF, ["--serve", dataDir, apiKey], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const [{ url }] = await Promise.race([once(child, "message"), once(child, "exit").then(([code]) => Promise.reject(new Error(`platform server exited with ${code}`)))]);
  wai.setPlatformRuntime(wai.createNodeRuntime({ env: { WHILEAI_API_URL: url, WHILEAI_HOME: dir } }));

  // Raw undici: the same flow with nothing of the client in it, on its own keep-alive pool. The
  // encode tasks hold the event loop for seconds, the server drops sockets idle for 5 s, and a
  // pooled socket whose close was not read yet fails the next request: two turns of the event
  // loop before each request let it be read, as the client's Node runtime does.
  const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 32 });
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  const settled = async () => {
    await nextTurn();
    await nextTurn();
    return { dispatcher };
  };
  async function rawJson(method, path, body) {
    const res = await request(url + path, {
      method,
      headers: { "x-api-key": apiKey, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      ...(await settled()),
    });
    const text = await res.body.text();
    if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${text}`);
    return JSON.parse(text);
  }
  /** Create, PUT `body` (bytes or a stream) to the presigned URL, finalize; the finalize reply. */
  async function rawPush(name, body, size) {
    const created = await rawJson("POST", "/datasets", { name });
    const res = await request(created.uploadUrl, { method: "PUT", body, headers: { "content-type": "application/jsonl", "content-length": String(size) }, ...(await settled()) });
    await res.body.dump();
    if (res.statusCode !== 200) throw new Error(`PUT: ${res.statusCode}`);
    return rawJson("POST", `/datasets/${created.datasetId}/finalize`);
  }
  /** The grant, then each part in order, handed to `consume`. */
  async function rawPull(id, consume) {
    const grant = await rawJson("GET", `/datasets/${id}/download`);
    for (const part of grant.parts) {
      const res = await request(part, await settled());
      if (res.statusCode !== 200) throw new Error(`GET part: ${res.statusCode}`);
      await consume(res.body);
    }
  }
  const forget = (id) => wai.deleteDataset(id, { apiKey });

  const fmt = (x, digits = 0) => x.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
  let sink = 0;
  let pushed = null;
  const dropPushed = {
    afterEach: async () => {
      if (!pushed) return;
      await forget(pushed);
      pushed = null;
    },
  };
  const RUNS = { time: 0, iterations: 4, warmupTime: 0, warmupIterations: 1, throws: true };
  // A failing task names itself (tinybench rethrows the bare error).
  const named = (bench) => {
    const add = bench.add.bind(bench);
    bench.add = (name, fn, options) =>
      add(
        name,
        async () => {
          try {
            await fn();
          } catch (error) {
            throw new Error(`${name}: ${error.message}`, { cause: error });
          }
        },
        options,
      );
    return bench;
  };

  // ---- a 256 MB file: pushFile / pull to a path ------------------------------------------------
  // First, while the heap is small: after the rows section the freed heap would hide any growth.
  const source = join(dir, "source.jsonl");
  const target = join(dir, "pulled.jsonl");
  {
    const out = createWriteStream(source);
    let written = 0;
    for (let i = 0; written < FILE_MB * MB; i++) {
      const line = JSON.stringify(trajectoryRow(i)) + "\n";
      written += Buffer.byteLength(line);
      if (!out.write(line)) await once(out, "drain");
    }
    out.end();
    await finished(out);
  }
  const fileSize = statSync(source).size;
  const sha = (path) => new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(path).on("data", (c) => hash.update(c)).on("end", () => resolve(hash.digest("hex"))).on("error", reject);
  });
  const sourceSha = await sha(source);
  const fileSeed = await wai.pushFile(source, "bench-file", { apiKey, gate: false });
  const fileId = String(fileSeed.datasetId);
  await wai.pull(fileId, target, { apiKey });
  if (fileSeed.sizeBytes !== fileSize || (await sha(target)) !== sourceSha) throw new Error("pull to a path did not rebuild the pushed file");
  const fileRows = fileSeed.rows;
  const fileParts = (await rawJson("GET", `/datasets/${fileId}/download`)).parts.length;
  console.log(`file: ${fmt(fileSize / MB, 1)} MB, ${fmt(fileRows)} rows, ${fileParts} download parts`);

  // Peak RSS per task: sampled every 2 ms (the event loop is free while bytes move) and at each
  // iteration's end, against the RSS after a full collection before the task's phase.
  const rssGrowth = new Map();
  let rssBase = 0;
  let rssPeak = 0;
  const sample = () => void (rssPeak = Math.max(rssPeak, process.memoryUsage.rss()));
  const sampler = setInterval(sample, 2);
  const measured = (name, extra = {}) => ({
    ...extra,
    beforeAll: () => {
      gc();
      rssBase = rssPeak = process.memoryUsage.rss();
    },
    afterEach: async () => {
      sample();
      await extra.afterEach?.();
    },
    afterAll: () => void rssGrowth.set(name, Math.max(rssGrowth.get(name) ?? 0, rssPeak - rssBase)),
  });
  const fileBench = named(new Bench({ name: "file", ...RUNS, iterations: 3 }));
  const rawStreamPush = "raw undici: create, stream PUT of the file, finalize";
  const rawStreamPull = "raw undici: grant, stream the parts to a file";
  fileBench
    .add(
      rawStreamPush,
      async () => {
        pushed = String((await rawPush("bench-raw-file", createReadStream(source), fileSize)).datasetId);
      },
      measured(rawStreamPush, dropPushed),
    )
    .add(
      "pushFile (gate: false)",
      async () => {
        pushed = String((await wai.pushFile(source, "bench-file", { apiKey, gate: false })).datasetId);
      },
      measured("pushFile (gate: false)", dropPushed),
    )
    .add(
      rawStreamPull,
      async () => {
        const out = createWriteStream(target);
        await rawPull(fileId, async (body) => {
          for await (const chunk of body) if (!out.write(chunk)) await once(out, "drain");
        });
        out.end();
        await finished(out);
      },
      measured(rawStreamPull),
    )
    .add(
      "pull to a path",
      async () => {
        await wai.pull(fileId, target, { apiKey });
      },
      measured("pull to a path"),
    );
  await fileBench.run();
  clearInterval(sampler);

  // ---- rows: pushRows / pull to memory --------------------------------------------------------
  const t0 = performance.now();
  const rows = trajectoryRows(ROWS);
  const seeded = await wai.pushRows(rows, "bench-rows", { apiKey });
  const rowsId = String(seeded.datasetId);
  // The exact bytes pushRows sent (the stored blob), for the raw PUT: same payload, same server work.
  const chunks = [];
  await rawPull(rowsId, async (body) => void chunks.push(Buffer.from(await body.arrayBuffer())));
  const wire = Buffer.concat(chunks);
  if (wire.length !== seeded.sizeBytes || seeded.rows !== ROWS) throw new Error(`pushRows stored ${seeded.sizeBytes} bytes and ${seeded.rows} rows, raw GET read ${wire.length} bytes`);
  // The comparison means nothing unless pull gives back what was pushed.
  const back = await wai.pull(rowsId, null, { apiKey });
  const differs = back.findIndex((row, i) => !isDeepStrictEqual(row, rows[i]));
  if (back.length !== ROWS || differs >= 0) throw new Error(`pull gave ${back.length} rows, first difference at ${differs}`);
  const steps = rows.reduce((n, row) => n + row.steps.length, 0);
  console.log(`rows: ${fmt(ROWS)} trajectories, ${fmt(steps)} steps, ${fmt(wire.length / MB, 1)} MB as pushRows sends them (ready in ${fmt((performance.now() - t0) / 1000, 1)} s)`);

  const encoder = new TextEncoder();
  // Text is encoded every 16K characters, as pushRows does, so both encoders pay the same copies.
  function jsonl(serialize) {
    const parts = [];
    let text = "";
    for (const row of rows) {
      text += serialize(row) + "\n";
      if (text.length >= 1 << 14) {
        parts.push(encoder.encode(text));
        text = "";
      }
    }
    parts.push(encoder.encode(text));
    return Buffer.concat(parts);
  }
  const stringified = jsonl(JSON.stringify).length;

  const rowsBench = named(new Bench({ name: "rows", ...RUNS }));
  rowsBench
    .add("JSON.stringify per row → JSONL bytes (baseline: encoding at all)", () => {
      sink += jsonl(JSON.stringify).length;
    })
    .add("pyJsonDumps per row → JSONL bytes (pushRows' encoder alone)", () => {
      sink += jsonl(py.pyJsonDumps).length;
    })
    .add(
      "raw undici: create, PUT the same bytes, finalize (baseline: the wire)",
      async () => {
        pushed = String((await rawPush("bench-raw", wire, wire.length)).datasetId);
      },
      dropPushed,
    )
    .add(
      "pushRows",
      async () => {
        pushed = String((await wai.pushRows(rows, "bench-rows", { apiKey })).datasetId);
      },
      dropPushed,
    )
    .add("raw undici: grant, GET the parts to bytes (baseline: the wire)", async () => {
      await rawPull(rowsId, async (body) => void (sink += (await body.arrayBuffer()).byteLength));
    })
    .add("raw undici: grant, GET, JSON.parse per line (baseline: decoding)", async () => {
      await rawPull(rowsId, async (body) => {
        for (const line of (await body.text()).split("\n")) if (line) sink += JSON.parse(line) === null ? 0 : 1;
      });
    })
    .add("pull → rows", async () => {
      sink += (await wai.pull(rowsId, null, { apiKey })).length;
    });
  await rowsBench.run();
  await forget(rowsId);


  // ---- the tables ----------------------------------------------------------------------------
  const median = (bench, name) => bench.getTask(name).result.latency.p50;
  const runs = (bench) => bench.tasks.map((t) => t.result.latency.samplesCount ?? t.result.latency.df + 1).join("/");
  const rowsTask = (bench, name, bytes, baseline) => {
    const ms = median(bench, name);
    const ratio = baseline ? `${(ms / median(bench, baseline[1])).toFixed(2)}x ${baseline[0]}` : "baseline";
    return `| ${name} | ${fmt(ms)} | ${fmt(ROWS / (ms / 1000))} | ${fmt(bytes / MB / (ms / 1000), 1)} | ${ratio} |`;
  };
  const [encJson, encPy, rawPut, pushRowsTask, rawGet, rawParse, pullTask] = rowsBench.tasks.map((t) => t.name);
  const fileTask = (name, baseline) => {
    const ms = median(fileBench, name);
    const ratio = baseline ? `${(ms / median(fileBench, baseline)).toFixed(2)}x raw undici` : "baseline";
    return `| ${name} | ${fmt(ms)} | ${fmt(fileSize / MB / (ms / 1000), 1)} | ${ratio} | ${fmt(rssGrowth.get(name) / MB, 1)} |`;
  };
  const cpu = `${cpus().length} x ${cpus()[0]?.model.trim() ?? "unknown CPU"}`;
  const table = [
    `## @whileai/platform: transfer to and from the local platform server`,
    "",
    `Node ${process.version}, ${cpu}; tinybench median of ${runs(rowsBench)} runs (rows) and ${runs(fileBench)} runs (file), after one warm-up run each.`,
    `The server (@whileai/platform-server, default 64 MiB download parts) runs in a child process on 127.0.0.1; every push is create + presigned PUT + finalize (the server counts the rows), every pull a grant + GET per part.`,
    "",
    `${fmt(ROWS)} trajectory rows (bench/trajectories.mjs: ${fmt(steps)} tool-call steps, non-ASCII text), ${fmt(wire.length / MB, 1)} MB as pushRows sends them (Python's \`json.dumps\`: ASCII-escaped, \`", "\` separators; JSON.stringify makes ${fmt(stringified / MB, 1)} MB of them). MB/s is of the ${fmt(wire.length / MB, 1)} MB for every task but JSON.stringify's, which is of its own output.`,
    "",
    "| task | median ms | rows/s | MB/s | x baseline time |",
    "|---|---:|---:|---:|---:|",
    rowsTask(rowsBench, encJson, stringified, null),
    rowsTask(rowsBench, encPy, wire.length, ["JSON.stringify", encJson]),
    rowsTask(rowsBench, rawPut, wire.length, null),
    rowsTask(rowsBench, pushRowsTask, wire.length, ["raw undici PUT", rawPut]),
    rowsTask(rowsBench, rawGet, wire.length, null),
    rowsTask(rowsBench, rawParse, wire.length, ["raw undici GET", rawGet]),
    rowsTask(rowsBench, pullTask, wire.length, ["raw undici GET", rawGet]),
    "",
    `A ${fmt(fileSize / MB, 1)} MB JSONL file (${fmt(fileRows)} rows, ${fileParts} download parts), streamed from and to disk. Peak RSS growth: the client process's resident set at its highest during the task over its size after a full GC before it.`,
    "",
    "| task | median ms | MB/s | x baseline time | peak RSS growth, MB |",
    "|---|---:|---:|---:|---:|",
    fileTask(rawStreamPush, null),
    fileTask("pushFile (gate: false)", rawStreamPush),
    fileTask(rawStreamPull, null),
    fileTask("pull to a path", rawStreamPull),
    "",
  ].join("\n");

  console.log(`\n${table}`);
  const out = new URL("./results/", import.meta.url);
  mkdirSync(out, { recursive: true });
  const full = ROWS === 100_000 && FILE_MB === 256;
  writeFileSync(new URL(full ? "platform.md" : `platform-${ROWS}rows-${FILE_MB}mb.md`, out), table);
  await dispatcher.close();
  child.disconnect();
  await once(child, "exit");
  child = null;
  if (sink === -1) console.log(sink);
}
