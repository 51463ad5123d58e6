import { describe, expect, it } from "vitest";
import { groupSpans } from "./group.js";

describe("groupSpans", () => {
  it("orders each conversation by exact start, ties in input order (property: starts a double cannot tell apart)", () => {
    let seed = 7;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) / 2 ** 24;
    const base = 1725317608593409000n;
    for (let n = 0; n < 200; n++) {
      const spans = Array.from({ length: 1 + Math.floor(random() * 12) }, (_, i) => {
        const roll = random();
        // Neighbouring nanoseconds share a double; 0, ms-only and a 400-digit start (an infinite double) too.
        const start = roll < 0.1 ? "0" : roll < 0.15 ? "9".repeat(400) : String(base + BigInt(Math.floor(random() * 6)));
        return { traceId: "t", spanId: `s${i}`, startTimeUnixNano: start, ...(roll < 0.1 ? { startedMs: String(Math.floor(random() * 3)) } : {}), attributes: [] };
      });
      const starts = spans.map((span) => (span.startTimeUnixNano === "0" ? BigInt(span.startedMs ?? 0) * 1_000_000n : BigInt(span.startTimeUnixNano)));
      const want = spans.map((span, i) => ({ id: span.spanId, start: starts[i], i })).sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.i - b.i));
      const got = [...groupSpans(spans).values()][0].map((entry) => entry.span.spanId);
      expect(got, `case ${n}`).toEqual(want.map((x) => x.id));
    }
  });
});
