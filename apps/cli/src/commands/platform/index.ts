/** Every platform command: login, datasets, transfers, agents, traces and Hugging Face. */
import type { Command } from "commander";
import { registerAgents } from "./agents.js";
import { registerDatasets } from "./datasets.js";
import { registerHf } from "./hf.js";
import { registerLogin } from "./login.js";
import { registerTraces } from "./traces.js";
import { registerTransfer } from "./transfer.js";

export function register(program: Command): void {
  registerLogin(program);
  registerDatasets(program);
  registerTransfer(program);
  registerAgents(program);
  registerTraces(program);
  registerHf(program);
}
