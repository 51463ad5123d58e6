// One client process of the team soak (team-soak.test.ts): mixed traffic against every server it is
// given, in turn, for a number of rounds: pushes, pulls of its own earlier pushes (checked row for
// row), OTLP ingest of one conversation split across the servers, scores, cut reports and cuts.
// It prints `settled` once a fifth of its rounds are done, then one JSON line: what it did, every
// error, and the id of every dataset it made.
//   node soak-client.mjs <name> <rounds> <apiKey> <url> [<url> ...]
import { isDeepStrictEqual } from "node:util";
import { call, createNodeRuntime, pull, pushRows, setPlatformRuntime } from "@whileai/platform/node";

const [name, roundsArg, apiKey, ...urls] = process.argv.slice(2);
const rounds = Number(roundsArg);
if (!name || !(rounds >= 5) || !apiKey || urls.length === 0) throw new Error("usage: soak-client.mjs <name> <rounds, at least 5> <apiKey> <url>...");
setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: urls[0] } }));

const rowsOf = (i) => Array.from({ length: 20 + (i % 7) }, (_, j) => ({ prompt: `${name} ${i} ${j}`, final_text: "ok", reward: (i + j) % 2 }));
const attr = (key, value) => ({ key, value: { stringValue: value } });
const hex = (text, length) => Buffer.from(text).toString("hex").padStart(length, "0").slice(-length);

function spanBody(i, n) {
  const traceId = hex(`${name}-${i}`, 32);
  const attributes =
    n === 0
      ? [attr("zeroproof.scenario_id", `task ${i % 9}`), attr("gen_ai.input.messages", JSON.stringify([{ role: "user", content: `solve ${i % 9}` }]))]
      : [attr("gen_ai.tool.name", "lookup"), attr("gen_ai.tool.call.arguments", "{}"), attr("gen_ai.tool.call.result", "{}")];
  const span = { traceId, spanId: hex(`${i}.${n}`, 16), name: n === 0 ? "chat" : "execute_tool lookup", startTimeUnixNano: String(1767225600000000000n + BigInt(i * 10 + n) * 1000n), attributes };
  return { traceId, body: JSON.stringify({ resourceSpans: [{ resource: { attributes: [attr("service.name", name)] }, scopeSpans: [{ scope: { name }, spans: [span] }] }] }) };
}

const done = { pushes: 0, pulls: 0, ingests: 0, scores: 0, cutReports: 0, cuts: 0 };
const errors = [];
const made = [];
const pushed = [];

async function step(what, work) {
  try {
    await work();
    done[what]++;
  } catch (error) {
    errors.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

for (let i = 0; i < rounds; i++) {
  if (i === Math.floor(rounds / 5)) process.stdout.write("settled\n");
  const here = urls[i % urls.length];
  const there = urls[(i + 1) % urls.length];
  await step("pushes", async () => {
    const out = await pushRows(rowsOf(i), `${name}-${i}`, { apiKey, apiUrl: here, agent: "soak" });
    made.push(String(out.datasetId));
    pushed.push([i, String(out.datasetId)]);
  });
  if (pushed.length > 0) {
    const [k, id] = pushed[(i * 7919) % pushed.length];
    await step("pulls", async () => {
      const back = await pull(id, null, { apiKey, apiUrl: there });
      if (!isDeepStrictEqual(back, rowsOf(k))) throw new Error(`dataset ${id} came back with other rows`);
    });
  }
  // One conversation, its two spans sent to the two servers at once.
  const spans = [spanBody(i, 0), spanBody(i, 1)];
  await step("ingests", async () => {
    const replies = await Promise.all(
      spans.map(({ body }, n) => fetch(`${urls[n % urls.length]}/v1/traces?agent=soak`, { method: "POST", headers: { "Content-Type": "application/json", "X-Api-Key": apiKey }, body })),
    );
    for (const reply of replies) if (reply.status !== 200) throw new Error(`POST /v1/traces -> ${reply.status}: ${await reply.text()}`);
  });
  await step("scores", () => call("POST", "/v1/scores", { apiKey, apiUrl: there, body: { traceId: spans[0].traceId, name: "reward", value: i % 2 } }));
  if (i % 10 === 0) await step("cutReports", () => call("GET", "/traces/cuts?agent=soak", { apiKey, apiUrl: here }));
  if (i % 50 === 25) {
    await step("cuts", async () => {
      const out = await call("POST", "/datasets/cut", { apiKey, apiUrl: there, body: { kind: "rl", filter: { agent: "soak" }, holdout: 0.2, name: `${name}-cut-${i}` } });
      for (const m of out.made) made.push(m.datasetId);
    });
  }
}

process.stdout.write(`${JSON.stringify({ name, rounds, done, errors, made })}\n`);
