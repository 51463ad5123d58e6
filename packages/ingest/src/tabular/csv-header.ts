/** Telling CSV/TSV from its first line, without loading the CSV parser (the detector is always loaded). */

/** Column names that make a one-column file a table (a one-word line is otherwise not CSV). */
const ROW_COLUMNS = new Set(["prompt", "messages", "steps", "final_text", "conversation", "conversations", "question", "input"]);

/** Whether a first line reads as a CSV/TSV header, and its delimiter. */
export function csvHeader(line: string): { delimiter: "," | "\t" } | undefined {
  const tabs = line.split("\t").length - 1;
  const commas = line.split(",").length - 1;
  if (tabs > 0 && tabs >= commas) return { delimiter: "\t" };
  if (commas > 0) return { delimiter: "," };
  const only = line.trim().replace(/^"(.*)"$/, "$1");
  return ROW_COLUMNS.has(only) ? { delimiter: "," } : undefined;
}
