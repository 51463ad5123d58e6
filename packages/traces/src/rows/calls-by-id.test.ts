import { describe, expect, it } from "vitest";
import { CallsById } from "./calls-by-id.js";

/** The same operations on a Map, as the transcript used to keep its calls. */
function mapOps(map: Map<string, object>) {
  return {
    set: (id: string, call: object) => map.set(id, call),
    take: (id: string) => {
      const call = map.get(id);
      map.delete(id);
      return call;
    },
    forget: (call: object) => {
      for (const [id, bound] of map) if (bound === call) map.delete(id);
    },
  };
}

describe("CallsById", () => {
  it("answers as a Map does: rebinding, taking, forgetting, in lists and past the Map threshold", () => {
    for (const n of [3, 40, 100]) {
      const ours = new CallsById();
      const theirs = mapOps(new Map());
      const calls = Array.from({ length: n }, (_, i) => ({ i }));
      let seed = n;
      const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
      for (let op = 0; op < 20 * n; op++) {
        const id = `c${next() % (n + 5)}`;
        const call = calls[next() % n];
        const kind = next() % 3;
        if (kind === 0) {
          ours.set(id, call);
          theirs.set(id, call);
        } else if (kind === 1) expect(ours.take(id)).toBe(theirs.take(id));
        else {
          ours.forget(call);
          theirs.forget(call);
        }
      }
      for (let i = 0; i < n + 5; i++) expect(ours.take(`c${i}`)).toBe(theirs.take(`c${i}`));
    }
  });

  it("holds nothing once cleared", () => {
    const calls = new CallsById();
    for (let i = 0; i < 40; i++) calls.set(`c${i}`, { i });
    calls.clear();
    expect(calls.take("c1")).toBeUndefined();
    calls.set("c1", { i: 1 });
    expect(calls.take("c1")).toEqual({ i: 1 });
  });
});
