// The trace report of one export: how the runs were graded, which tools were called and how they faulted.
import * as wai from "@whileai/simulations";
import { loadTracesFile } from "@whileai/traces/node";

const { rows, dropped } = await loadTracesFile("examples/openai-messages.jsonl");
console.log(`loaded ${rows.length} rows; dropped:`, dropped);

// Aim the report at the tools the traces show; pass your agent's own tool schemas when you have them.
const { tools } = wai.inferHarness(rows);
console.log(wai.formatTraceReport(wai.traceReport(rows, { tools })));
