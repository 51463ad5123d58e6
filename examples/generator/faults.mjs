// Bookkeeping shared by the scenario builders: which results carry an injected fault.

/** Results that carry an injected fault, so a scenario knows whether one was actually hit. */
const INJECTED = new WeakSet();

/** Statuses a tool runner reports as an error (Anthropic `is_error`); stale or garbled data arrives as "ok". */
const ERROR_STATUSES = new Set(["timeout", "not_found", "permission_denied", "500", "exit_1"]);

/** Records `result` as an injected fault and returns it. */
export function injected(result) {
  INJECTED.add(result);
  return result;
}

/** Marks each call whose result is an error (`failed`) and says whether any call hit an injected fault. */
export function faultHit(turns) {
  const calls = turns.flatMap((turn) => turn.calls);
  for (const call of calls) call.failed = ERROR_STATUSES.has(call.result?.status);
  return calls.some((call) => INJECTED.has(call.result));
}
