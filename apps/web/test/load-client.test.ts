// The page's handle on the trace reader: which answer goes to which request when reads and
// relabels overlap. The order of a page thread and a worker thread can be fixed only by holding the
// worker's replies, so these tests give LoadWorker a scripted worker that answers when told to;
// the real worker is exercised end to end in Chromium (source.test.ts, report.test.ts).
import { describe, expect, test } from "vitest";
import type { LabelSettings } from "../src/analysis/explore.js";
import { LoadWorker } from "../src/load/load-client.js";
import type { Explored, LoadReply, LoadRequest, SourceFacts } from "../src/load/load-protocol.js";

/** A worker that records what it is asked and replies only when the test says. */
class ScriptedWorker {
  readonly asked: LoadRequest[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<LoadReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  private waiting: (() => void) | null = null;
  postMessage(request: LoadRequest): void {
    this.asked.push(request);
    this.waiting?.();
  }
  /** Resolves once the worker has been asked `n` things (the relabel queue posts from promise callbacks). */
  askedFor(n: number): Promise<void> {
    if (this.asked.length >= n) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiting = () => {
        if (this.asked.length >= n) resolve();
      };
    });
  }
  terminate(): void {
    this.terminated = true;
  }
  reply(reply: LoadReply): void {
    if (this.terminated) throw new Error("a terminated worker cannot reply");
    this.onmessage?.({ data: reply } as MessageEvent<LoadReply>);
  }
}

const labels = (rewardKey: string): LabelSettings => ({ rewardKey: [rewardKey], threshold: null });
const facts = (name: string): SourceFacts => ({ name, bytes: 1, rowCount: 1, report: {} }) as unknown as SourceFacts;
const explored = (tag: string): Explored => ({ labelError: tag });

function scripted(): { reader: LoadWorker; workers: ScriptedWorker[] } {
  const workers: ScriptedWorker[] = [];
  const reader = new LoadWorker(() => {
    const worker = new ScriptedWorker();
    workers.push(worker);
    return worker as unknown as Worker;
  });
  return { reader, workers };
}

/** `name` read by the reader and answered by its current worker. */
async function opened(reader: LoadWorker, worker: ScriptedWorker, name: string) {
  const reading = reader.explore(name, new Blob(["{}"]), labels("reward"), () => {});
  worker.reply({ type: "explored", source: facts(name), spans: {} as never, explored: explored(name) });
  return reading.done;
}

describe("LoadWorker", () => {
  test("relabels run one at a time, in the order asked", async () => {
    const { reader, workers } = scripted();
    const file = await opened(reader, workers[0], "a.jsonl");
    const one = file.relabel(labels("score"));
    const two = file.relabel(labels("passed"));
    await workers[0].askedFor(2);
    expect(workers[0].asked.map((r) => r.type)).toEqual(["read", "relabel"]);
    workers[0].reply({ type: "relabelled", explored: explored("score") });
    expect(await one).toEqual(explored("score"));
    await workers[0].askedFor(3);
    expect(workers[0].asked.at(-1)).toEqual({ type: "relabel", labels: labels("passed") });
    workers[0].reply({ type: "relabelled", explored: explored("passed") });
    expect(await two).toEqual(explored("passed"));
  });

  test("a new file opened while relabels of the last one wait: they fail, the new read is answered", async () => {
    const { reader, workers } = scripted();
    const a = await opened(reader, workers[0], "a.jsonl");
    const inFlight = a.relabel(labels("score"));
    const queued = a.relabel(labels("passed"));
    await workers[0].askedFor(2);
    const second = reader.explore("b.jsonl", new Blob(["{}"]), labels("reward"), () => {});
    await expect(inFlight).rejects.toThrow("a new file replaced the one asked about");
    await expect(queued).rejects.toThrow("a new file replaced the one asked about");
    // The relabel in flight ended the first worker; the read of b went to the fresh one, and nothing after it.
    expect(workers).toHaveLength(2);
    expect(workers[1].asked).toEqual([{ type: "read", blob: expect.any(Blob), name: "b.jsonl", labels: labels("reward") }]);
    workers[1].reply({ type: "explored", source: facts("b.jsonl"), spans: {} as never, explored: explored("b") });
    const b = await second.done;
    expect(b.source.name).toBe("b.jsonl");
    // b's own relabels still work.
    const again = b.relabel(labels("score"));
    await workers[1].askedFor(2);
    workers[1].reply({ type: "relabelled", explored: explored("b score") });
    expect(await again).toEqual(explored("b score"));
  });

  test("a relabel of a file replaced by a read of rows (a scan side) fails instead of analysing those rows", async () => {
    const { reader, workers } = scripted();
    const a = await opened(reader, workers[0], "a.jsonl");
    const rows = reader.rows("b.jsonl", new Blob(["{}"]), () => {});
    workers[0].reply({ type: "rows", source: facts("b.jsonl"), rows: [] });
    await rows.done;
    await expect(a.relabel(labels("score"))).rejects.toThrow("a new file replaced the one asked about");
    expect(workers[0].asked.map((r) => r.type)).toEqual(["read", "read"]);
  });

  test("cancel ends the worker mid-read and the next read goes to a fresh one", async () => {
    const { reader, workers } = scripted();
    const reading = reader.explore("big.jsonl", new Blob(["{}"]), labels("reward"), () => {});
    reading.cancel();
    await expect(reading.done).rejects.toSatisfy(LoadWorker.cancelled);
    expect(workers[0].terminated).toBe(true);
    const next = reader.explore("small.jsonl", new Blob(["{}"]), labels("reward"), () => {});
    workers[1].reply({ type: "explored", source: facts("small.jsonl"), spans: {} as never, explored: explored("small") });
    expect((await next.done).source.name).toBe("small.jsonl");
  });
});
