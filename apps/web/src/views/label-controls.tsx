/** Which column holds the label, and the bar that turns a numeric label into pass/fail. */
import { useEffect, useState } from "preact/hooks";
import type { LabelSettings } from "../analysis/explore.js";

export function LabelControls({ labels, onChange }: { labels: LabelSettings; onChange: (labels: LabelSettings) => void }) {
  const [keys, setKeys] = useState(labels.rewardKey.join(", "));
  const [bar, setBar] = useState(labels.threshold === null ? "" : String(labels.threshold));
  const [error, setError] = useState<string | null>(null);
  // An example that brings its own settings replaces what is typed here.
  useEffect(() => {
    setKeys(labels.rewardKey.join(", "));
    setBar(labels.threshold === null ? "" : String(labels.threshold));
    setError(null);
  }, [labels]);

  const apply = (e: Event) => {
    e.preventDefault();
    const threshold = bar.trim() === "" ? null : Number(bar);
    if (threshold !== null && !Number.isFinite(threshold)) {
      setError(`pass bar must be a number or empty, got "${bar}"`);
      return;
    }
    setError(null);
    onChange({ rewardKey: keys.split(",").map((k) => k.trim()).filter((k) => k !== ""), threshold });
  };

  return (
    <form class="label-controls" onSubmit={apply}>
      <label>
        label column(s) <input type="text" placeholder="reward (default)" value={keys} onInput={(e) => setKeys(e.currentTarget.value)} data-testid="reward-key" />
      </label>
      <label>
        pass bar <input type="text" placeholder="none: labels must be 0/1" value={bar} onInput={(e) => setBar(e.currentTarget.value)} data-testid="threshold-bar" />
      </label>
      <button type="submit" data-testid="apply-labels">Apply</button>
      {error !== null && <span class="error" role="alert">{error}</span>}
    </form>
  );
}
