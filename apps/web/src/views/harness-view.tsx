/** The tool surface drafted from the traces (`inferHarness`): JSON schemas ready to copy. */
import type { Harness } from "@whileai/traces";
import { useState } from "preact/hooks";
import { count } from "./format.js";
import { ScrollablePre } from "./scrollable-pre.js";

export function HarnessView({ harness }: { harness: Harness }) {
  const json = JSON.stringify(harness.tools, null, 2);
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(json);
      setCopied("Copied.");
    } catch (error) {
      // Clipboard access needs a secure context and permission; say so rather than fail quietly.
      setCopied(`Could not copy (${(error as Error).message}): select the text and copy it by hand.`);
    }
  };
  return (
    <section data-testid="harness">
      <p>
        {`${count(harness.tools.length)} tools drafted from the calls in the traces (typed from the argument values seen; an argument present in every call is required). `}
        Exporters do not ship the system prompt: the policy is yours to write.
      </p>
      <table>
        <thead><tr><th>tool</th><th class="num">calls observed</th></tr></thead>
        <tbody>{Object.entries(harness.observed_calls).map(([name, n]) => <tr key={name}><td><code>{name}</code></td><td class="num">{count(n)}</td></tr>)}</tbody>
      </table>
      <div class="toolbar">
        <button type="button" onClick={copy} data-testid="copy-harness">Copy tool schemas</button>
        {copied !== null && <span class="muted" role="status">{copied}</span>}
      </div>
      <ScrollablePre class="code" testId="harness-json">{json}</ScrollablePre>
    </section>
  );
}
