/**
 * The example trace files bundled with the app (examples/ at build time, see
 * build/examples-plugin.ts), fetched from the app's own origin.
 */
import { EXAMPLES } from "virtual:examples";
import type { LabelSettings } from "../analysis/explore.js";

export { EXAMPLES };

/**
 * Label settings an example needs to read as intended (examples/README.md): the rubric file's
 * label is a judge's mean under `score`, with 0.5 as the bar, as `pnpm start` reads it.
 */
export const EXAMPLE_LABELS: Record<string, LabelSettings> = {
  "graded-by-score.jsonl": { rewardKey: ["score"], threshold: 0.5 },
};

/** The example's bytes, as a Blob the load worker reads like a picked file. */
export async function fetchExample(name: string): Promise<Blob> {
  const response = await fetch(new URL(`examples/${name}`, document.baseURI));
  if (!response.ok) throw new Error(`the bundled example could not be read (HTTP ${response.status})`);
  return response.blob();
}
