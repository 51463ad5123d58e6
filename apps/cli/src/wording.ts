/**
 * Some package messages keep the Python SDK's words, because both SDKs' conformance vectors pin
 * them word for word: "Run `whileai login`, or pass api_key=...", "pass threshold=",
 * "next: wai.cut(kind=\"rl\")". The packages keep that text; `wai` says the same thing with its own
 * commands and flags when it prints them. Each rewrite matches the pinned text exactly
 * (`wording.test.ts` fails when a package's text moves away from it), so nothing else is touched.
 */

export interface WordingContext {
  /** `wai report` had tools to aim with (`--tools`, not empty), so "pass --tools" would not help. */
  toolsGiven?: boolean;
}

type Rewrite = readonly [pinned: string | RegExp, cli: string | ((context: WordingContext) => string)];

const REWRITES: readonly Rewrite[] = [
  // The client's "No credential" (every platform command).
  ["Run `whileai login`, or pass api_key=..., or set", "Run `wai login`, or pass --api-key, or set"],
  // A failed upload (wai push): there is no --timeout to raise, so only the second remedy is said.
  [". Pass timeout= for a longer cap, or split the push (push_rows on a slice).", ". Split the file and push the parts."],
  // sendScore's unknown trace ids (wai score).
  [" Ids come from the traces page or `whileai.list_traces`.", " Ids come from the traces page."],
  // formatCuts' next step (wai cuts).
  [/wai\.cut\(agent="([^"\n]*)", kind="(rl|sft)"\)/g, "wai cut --agent $1 --kind $2"],
  [/wai\.cut\(kind="(rl|sft)"\)/g, "wai cut --kind $1"],
  ['wai.send_score("<trace id>", 1.0)', "wai score <trace-id> 1"],
  ["then read wai.cuts() again", "then run wai cuts again"],
  // A publish-gate refusal (wai push --gate).
  ["or push with gate: false", "or push without --gate"],
  // traceReport's label census and formatTraceReport (wai report).
  ["name it: load_traces(traces, reward_key='...') or trace_report(traces, reward_key='...').", "name it with --reward-key <column> (and --threshold <bar> unless it is 0/1)."],
  ["pass threshold= to read them as labels.", "pass --threshold <bar> to read them as labels."],
  [/Name the column instead: reward_key='([^\n]*)'\./g, "Name the column instead: --reward-key $1."],
  [
    "(pass tools= to preview it here)",
    (context) => (context.toolsGiven ? "(the traces move no value ahead of the plain grid for these --tools)" : "(pass --tools <file> to preview it here)"),
  ],
];

/** `text` with every pinned Python hint said in `wai`'s terms. */
export function cliWording(text: string, context: WordingContext = {}): string {
  let out = text;
  for (const [pinned, cli] of REWRITES) {
    const replacement = typeof cli === "string" ? cli : cli(context);
    out = typeof pinned === "string" ? out.replaceAll(pinned, replacement) : out.replace(pinned, replacement);
  }
  return out;
}
