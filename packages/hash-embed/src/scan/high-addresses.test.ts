import { describe, expect, test } from "vitest";
import { naiveNearest } from "../testing/naive-scan.js";
import { ByteSpace } from "./byte-space.js";
import { createKernel } from "./kernel.js";
import { WORK_BASE } from "./layout.js";
import { NearestFinder } from "./nearest.js";
import { SourceStore } from "./source-store.js";
import { createEmbedder } from "./text-counts.js";

// A space holds up to 4 GiB, so past about 8 million sources their blocks sit above 2^31, where a
// signed shift of a byte offset (`>> 2`) turns negative and a typed-array write is dropped. The
// sources here are placed there directly, in a space made big enough that it never grows (a
// plain buffer grows by copying): its pages below are never touched, so the OS commits only its top.
const HIGH_BASE = 2 ** 31 + 65536;
const SPACE_BYTES = HIGH_BASE + (1 << 20);

const SOURCES = [
  "where is my order",
  "reset my password please",
  "cancel the plan today",
  "refund order 4412 it arrived late",
  "the account is locked again",
  "ship to norway",
  // Counts whose dots overflow a byte: the block header's bounds must send these rows down the wider paths.
  `${"order ".repeat(90)}refund`,
  `${"late ".repeat(60)}${"ship ".repeat(60)}`,
  ...Array.from({ length: 40 }, (_, i) => `filler prompt number ${i} about shipping and refunds ${"word ".repeat(i % 7)}`),
];
const GENERATED = [
  "where is my order now",
  "please reset my password",
  "refund order 4412, it came late",
  "nothing in common here",
  "ship to Norway!",
  "the plan: cancel it today",
  `${"order ".repeat(80)}refund now`,
  `${"late ".repeat(50)}${"ship ".repeat(70)}`,
];

describe("sources above 2 GiB in the byte space", () => {
  for (const kernel of ["wasm", "ts"] as const) {
    test(`${kernel} kernel: the same nearest sources as the Python computation`, () => {
      const space = new ByteSpace(SPACE_BYTES, { wasm: kernel === "wasm" });
      try {
        const store = new SourceStore(space, HIGH_BASE);
        const embedder = createEmbedder();
        for (const text of SOURCES) {
          embedder.embed(text);
          store.add(embedder);
        }
        store.seal();
        const finder = new NearestFinder(space, WORK_BASE, store.layout(), createKernel(kernel, space), createEmbedder());
        const out = { best: new Float64Array(GENERATED.length), source: new Int32Array(GENERATED.length) };
        finder.find(GENERATED, out);
        const expected = naiveNearest(GENERATED, SOURCES);
        expect(Array.from(out.source)).toEqual(Array.from(expected.source));
        expect(Array.from(out.best)).toEqual(Array.from(expected.best));
      } finally {
        space.release();
      }
    });
  }
});
