/**
 * `traceReport`'s label warnings and `formatTraceReport`'s text keep the Python SDK's hints
 * (`reward_key='...'`, `threshold=`, `tools=`), because both SDKs' conformance vectors pin them word
 * for word. On this page the same advice points at the page's own boxes instead.
 */

export interface PageWordingContext {
  /** The report was aimed at tools (the ones the traces call), so "pass tools" would not help. */
  toolsGiven: boolean;
}

export function pageWording(text: string, { toolsGiven }: PageWordingContext): string {
  return text
    .replaceAll(
      "name it: load_traces(traces, reward_key='...') or trace_report(traces, reward_key='...').",
      "name it in the label column(s) box above (and set a pass bar unless it is 0/1).",
    )
    .replaceAll("pass threshold= to read them as labels.", "set a pass bar above to read them as labels.")
    .replace(/Name the column instead: reward_key='([^\n]*)'\./g, (_, column: string) => `Name the column instead: type ${column} in the label column(s) box above.`)
    .replaceAll(
      "(pass tools= to preview it here)",
      toolsGiven ? "(the traces move no value ahead of the plain grid for the tools they call)" : "(these traces call no tool to aim it at)",
    );
}
