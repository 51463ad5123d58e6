import * as py from "@whileai/hash-embed/internal";

/** Options of {@link formatCuts}. */
export interface FormatCutsOptions {
  /** The agent to name in the suggested `wai.cut(...)`; else the report's `filter.agent`. */
  agent?: string | null;
}

/** Python's `report.get(key) or {}`; a section that is not a dict reads as empty, where Python raises. */
function section(report: py.Dict, key: string): py.Dict {
  const value = py.get(report, key);
  return py.isDict(value) ? value : {};
}

/**
 * `n(d, key) = int((d or {}).get(key) or 0)`, exact. Text Python cannot read throws Python's
 * ValueError text, as do NaN and infinity; a list or dict, where `int()` raises TypeError, counts
 * as 0: a malformed reply should not stop the summary.
 */
function count(d: py.Dict, key: string): bigint {
  return py.pyIntExactOr(py.or(py.get(d, key), 0), 0n);
}

/** `"{c} held out"`, or `"none held out"` for 0. */
function held(c: bigint): string {
  return c !== 0n ? `${c} held out` : "none held out";
}

/**
 * Python's `format_cuts(report, agent=None)`: the three-line summary of a `cuts()` report
 * (what is worth training on, the counts behind it, and the next call to make), each line
 * indented by two spaces, with no trailing newline.
 */
export function formatCuts(report: unknown, options: FormatCutsOptions = {}): string {
  // Python's `report.get` raises on a non-dict report; we read it as an empty report.
  const r: py.Dict = py.isDict(report) ? report : {};
  const rl = section(r, "rl");
  const sft = section(r, "sft");
  const kinds = section(r, "kinds");
  const more = section(r, "more");
  let kind: "rl" | "sft" | null = null;
  let say: string;
  let counts: string;
  let next = "";
  if (count(rl, "prompts") !== 0n) {
    kind = "rl";
    say = `${count(rl, "prompts")} prompts are worth training on`;
    counts = `${count(rl, "rows")} runs · ${count(rl, "train")} train · ${held(count(rl, "holdout"))}`;
  } else if (count(sft, "prompts") !== 0n) {
    kind = "sft";
    say = `${count(sft, "prompts")} prompts have a run worth copying`;
    counts = `best run each · ${count(sft, "train")} train · ${held(count(sft, "holdout"))}`;
  } else if (count(r, "prompts") === 0n) {
    say = "Nothing to train on yet";
    const ungraded = count(r, "noReward");
    if (ungraded !== 0n) {
      counts = `${ungraded} runs have a prompt, none has a pass or fail`;
      next = 'wai.send_score("<trace id>", 1.0)';
    } else {
      counts = `${count(r, "runs")} runs, none says which prompt it ran`;
      next = "tag runs with zeroproof.scenario_id, see zeroproofai.com/docs/traces";
    }
  } else {
    say = "Nothing to train on yet";
    counts = `${count(more, "prompts")} prompts need more runs · ${count(section(kinds, "solved"), "prompts")} already solved`;
    next = "send more runs of the same prompts, then read wai.cuts() again";
  }
  if (kind !== null) {
    const filter = py.get(r, "filter");
    // The report echoes the filter it was cut with; a filter that is not a mapping names no agent.
    const on = py.or(options.agent, py.isDict(filter) ? py.get(filter, "agent") : null);
    next = py.truthy(on) ? `wai.cut(agent="${py.pyStr(on)}", kind="${kind}")` : `wai.cut(kind="${kind}")`;
  }
  return `  ${say}\n  ${counts}\n  next: ${next}`;
}
