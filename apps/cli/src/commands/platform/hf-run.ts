/** The Hugging Face commands' work once their command lines are parsed: one platform call each, waits interruptible. */
import { hfPublish, hfStatus, importHf } from "@whileai/platform/node";
import { writeJson, writeText } from "../../output.js";
import { interruptSignal } from "../../signals.js";
import { connect } from "./connect.js";
import type { ConnectionOptions } from "./connection.js";
import { formatRecord } from "./format.js";
import type { HfImportCommandOptions, HfPublishCommandOptions } from "./hf.js";

/** Runs a call that may poll for minutes, so Ctrl-C cancels its waits cleanly. */
async function interruptible<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const interrupt = interruptSignal();
  try {
    return await run(interrupt.signal);
  } finally {
    interrupt.dispose();
  }
}

function show(reply: unknown, options: ConnectionOptions): void {
  if (options.json) writeJson(reply);
  else writeText(formatRecord(reply));
}

export async function runHfStatus(options: ConnectionOptions): Promise<void> {
  show(await hfStatus(connect(options)), options);
}

export function runHfPublish(id: string, options: HfPublishCommandOptions): Promise<void> {
  return interruptible(async (signal) => {
    const stamp = await hfPublish(id, { ...connect(options, signal), namespace: options.namespace, repo: options.repo, private: options.private ?? false, wait: options.wait, timeout: options.timeout, poll: options.poll });
    show(stamp, options);
  });
}

export function runHfImport(repo: string, options: HfImportCommandOptions): Promise<void> {
  return interruptible(async (signal) => {
    const { wait, timeout, poll, split, revision, config, name, purpose, mode, agent, description, maxRows } = options;
    show(await importHf(repo, { ...connect(options, signal), split, revision, config, name, purpose, mode, agent, description, maxRows, wait, timeout, poll }), options);
  });
}
