// The platform client against a local platform: push rows with a task-disjoint holdout, list the
// datasets, pull one back. Against `wai serve` or the hosted platform, skip the server lines and
// set WHILEAI_API_URL and WHILEAI_API_KEY instead.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as wai from "@whileai/simulations";
import { createPlatformServer } from "@whileai/platform-server";

const dataDir = mkdtempSync(join(tmpdir(), "whileai-tour-"));
const server = await createPlatformServer({ dataDir, port: 0, signingKey: randomBytes(32).toString("base64url") });
const { apiKey } = await server.createAccount("tour");
// The client reads WHILEAI_API_URL at every call, as the Python SDK does (unset: the hosted platform).
process.env.WHILEAI_API_URL = server.url;
console.log(`local platform on ${server.url}, data in ${dataDir}`);

try {
  const rows = await wai.loadTraces("examples/support-canonical.jsonl");
  const pushed = await wai.pushRows(rows, "support-v1", { apiKey, holdout: 0.2 });
  const { holdout } = pushed;
  console.log(`pushed ${pushed.datasetId} ${pushed.name}: ${pushed.rows} rows`);
  console.log(`  with its holdout ${holdout.datasetId} ${holdout.name}: ${holdout.rows} rows`);

  const { datasets } = await wai.datasets({ apiKey });
  console.log("datasets, newest first:");
  for (const d of datasets) {
    const parent = d.parentDatasetId ? `, parent ${d.parentDatasetId}` : "";
    console.log(`  ${d.datasetId} ${d.name}: ${d.purpose}, ${d.rows} rows${parent}`);
  }

  const pulled = await wai.pull(pushed.datasetId, null, { apiKey }); // the rows as JSON values
  const [first] = wai.loadTraces(pulled);
  console.log(`pulled ${pulled.length} rows; the first asks: ${first.prompt}`);
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
