/**
 * What reading a file dropped or read only in part, so nothing the user gave disappears silently:
 * the front door's one-line account (`describeLosses`, as `wai` prints it) and each listed problem
 * with its line or record and reason.
 */
import { describeLosses, type ReportedProblem, type SourceReport } from "@whileai/ingest";
import { count } from "./format.js";

export function SourceLosses({ id, report }: { id: string; report: SourceReport }) {
  const losses = describeLosses(report);
  if (losses === null) {
    return <p class="muted" data-testid={`${id}-losses`} data-lost="none">Nothing dropped or read in part.</p>;
  }
  // Every problem is counted under its reason; only the first few are listed one by one.
  const total = Object.values(report.reasons).reduce((sum, n) => sum + n, 0);
  return (
    <div class="losses">
      <p class="notice" data-testid={`${id}-losses`} data-lost="some">{losses}</p>
      {report.problems.length > 0 && (
        <details open>
          <summary>{total > report.problems.length ? `The first ${count(report.problems.length)} of ${count(total)} problems (the counts above are complete)` : `${count(total)} problem${total === 1 ? "" : "s"}`}</summary>
          <table data-testid={`${id}-problems`}>
            <thead><tr><th>where</th><th>what</th><th>reason</th><th>detail</th></tr></thead>
            <tbody>
              {report.problems.map((p, i) => (
                <tr key={i} data-kind={p.kind} data-line={p.line} data-record={p.record}>
                  <td>{place(p)}</td>
                  <td>{p.kind === "dropped" ? "dropped" : "read in part"}</td>
                  <td>{p.reason}</td>
                  <td>{p.detail === undefined ? "" : <code>{p.detail}</code>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </div>
  );
}

/** A JSON Lines problem has a line, a JSON document's a record; a whole conversation (OTLP) has neither. */
function place(problem: ReportedProblem): string {
  if (problem.line !== undefined) return `line ${count(problem.line)}`;
  if (problem.record !== undefined) return `record ${count(problem.record)}`;
  return "–";
}
