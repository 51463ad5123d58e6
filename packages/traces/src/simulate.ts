/**
 * `simulateFromTraces` (traces.md §9.2, BEYOND.md): the trace half of a simulation run. The
 * engine itself is not part of this port: the caller supplies it as `options.simulate`, and this
 * function aims it at the traces and gates what comes back against them.
 */
import type { Dimensions } from "./dimensions/build-dimensions.js";
import { dimensionsFromTraces } from "./dimensions/dimensions-from-traces.js";
import { toolsFromTraces } from "./harness.js";
import { dropLeakyRows, type DropReport } from "./leakage/drop-leaky-rows.js";
import type { LeakageOptions } from "./leakage/leak-flags.js";
import { truthy } from "@whileai/hash-embed/internal";
import { loadTraces, type TraceSource } from "./rows/load.js";
import type { TraceRow } from "./rows/schema.js";

/** What the caller's simulator receives: the run's settings, the aimed grid and the loaded traces. */
export interface SimulateRequest {
  agent: unknown;
  /** The tools as given, or drafted from the traces when no agent, tools or policy were given (null if none seen). */
  tools: unknown;
  policy: string;
  mode: string;
  /** The coverage grid aimed at where the traces failed (`dimensionsFromTraces`). */
  dimensions: Dimensions;
  /** The traces as canonical rows. */
  traces: TraceRow[];
  /** Any other option passed to `simulateFromTraces`, handed through unchanged. */
  [option: string]: unknown;
}

/** The caller's simulation engine: any function returning generated rows, or a Promise of them. */
export type Simulator = (request: SimulateRequest) => Iterable<unknown> | Promise<Iterable<unknown>>;

export interface SimulateFromTracesOptions {
  /** The simulator (required). */
  simulate: Simulator;
  agent?: unknown;
  tools?: unknown;
  policy?: string;
  /** Default `"rl"`, as in Python. */
  mode?: string;
  /** Threshold, embedder and examples of the leakage gate (`dropLeakyRows`); not passed to the simulator. */
  leakage?: LeakageOptions;
  /** Anything else goes to the simulator as is (seed, n, ...). */
  [option: string]: unknown;
}

export interface SimulateFromTracesResult {
  /** The generated rows that do not copy a trace prompt. */
  rows: unknown[];
  /** The gate's report, `n_dropped` included. */
  leakage: DropReport;
}

/**
 * Load the traces, draft the tool surface from them when no agent, tools or policy is given,
 * aim the grid with `dimensionsFromTraces`, run `options.simulate`, and drop generated rows that
 * leak a trace prompt. Always async: the simulator does I/O.
 */
export async function simulateFromTraces(traces: TraceSource, options: SimulateFromTracesOptions): Promise<SimulateFromTracesResult> {
  const { simulate, agent = null, tools: givenTools = null, policy = "", mode = "rl", leakage, ...rest } = options ?? ({} as SimulateFromTracesOptions);
  if (typeof simulate !== "function") {
    throw new TypeError("simulateFromTraces: options.simulate is required: the simulation engine is not part of whileai-ts, pass a function ({ agent, tools, policy, mode, dimensions, traces, ...rest }) => rows");
  }
  const rows = await loadTraces(traces);
  let tools = givenTools;
  // Python: `if agent is None and not tools and not policy`, and an empty draft becomes None.
  if ((agent === null || agent === undefined) && !truthy(tools) && !truthy(policy)) {
    const drafted = toolsFromTraces(rows);
    tools = drafted.length ? drafted : null;
  }
  const dimensions = dimensionsFromTraces(rows, tools, { policy });
  const generated = await simulate({ ...rest, agent, tools, policy, mode, dimensions, traces: rows });
  if (generated === null || typeof generated !== "object" || !(Symbol.iterator in generated)) {
    throw new TypeError(`simulateFromTraces: options.simulate must return a list of rows, got ${generated === null ? "null" : typeof generated}`);
  }
  const [kept, report] = await dropLeakyRows([...generated], rows, leakage);
  return { rows: kept, leakage: report };
}
