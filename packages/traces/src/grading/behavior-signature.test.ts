import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { pyJsonDumps, pyLower, pyStr, pyStrip } from "@whileai/hash-embed/internal";
import { behaviorPayload, behaviorSignature, payloadSignature, signatureCache } from "./behavior-signature.js";
import { seededRandom } from "../testing/seeded-random.js";

/** The signature of a payload whose Python repr is written out by hand. */
const hashOf = (repr: string) => bytesToHex(sha256(utf8ToBytes(repr))).slice(0, 12);

const trace = (prompt: string, tool: string, status: string, finalText: string) => ({
  prompt,
  steps: [{ tool, arguments: { order_id: "ord_11" }, result: { status } }],
  final_text: finalText,
});

describe("behaviorSignature", () => {
  it("matches the Python signatures of the reference examples", () => {
    expect(behaviorSignature(trace("where is order 4412", "lookup_order", "not_found", "I could not find that order."))).toBe("6c5f338b2119");
    expect(behaviorSignature(trace("refund order 9911 now", "create_refund", "timeout", "I could not find that order."))).toBe("149b6c868311");
    expect(behaviorSignature(trace("status of order 130", "lookup_order", "ok", "Order ord_11 is confirmed."))).toBe("f259fd839f0a");
    expect(behaviorSignature(trace("refund my double charge", "create_refund", "ok", "Order ord_11 is confirmed."))).toBe("2c0ad9f69525");
  });

  it("ignores the prompt except through argument provenance", () => {
    const a = trace("where is order 4412", "lookup_order", "not_found", "I could not find that order.");
    const b = trace("check on my order pls", "lookup_order", "not_found", "I could not find that order.");
    expect(behaviorSignature(a)).toBe(behaviorSignature(b));
    const c = trace("where is ord_11", "lookup_order", "not_found", "I could not find that order.");
    expect(behaviorSignature(c)).not.toBe(behaviorSignature(a));
  });

  it("hashes an empty trajectory as ((), False, 0)", () => {
    expect(hashOf("((), False, 0)")).toBe("033297c38e72");
    expect(behaviorSignature({})).toBe("033297c38e72");
    expect(behaviorSignature({ steps: [], final_text: "" })).toBe("033297c38e72");
  });

  it("marks an argument found in the prompt as user", () => {
    const row = {
      prompt: "Refund order ORD-1",
      steps: [{ tool: "lookup_order", arguments: { order_id: "ORD-1" }, result: { status: "timeout", error: "request timed out" } }],
      final_text: "Lookup timed out. I did not refund.",
    };
    expect(behaviorSignature(row)).toBe(hashOf("((('lookup_order', (('order_id', 'user'),), 'timeout'),), False, 0)"));
    expect(behaviorSignature(row)).toBe("e428ee8eb382");
  });

  it("renders quotes, sorted keys, str() of values and refusals as Python's repr", () => {
    const row = {
      prompt: "Find Zoë's order 77 please",
      steps: [
        { tool: "find_order", arguments: { name: "ZOË", id: 77, meta: { a: 1 }, flag: true }, result: { status: "it's done" } },
        { tool: "get_x", arguments: { ref: "zzz" }, result: { status: 404 } },
      ],
      final_text: "Sorry, I can't do that.",
    };
    const repr =
      "((('find_order', (('flag', 'invented'), ('id', 'user'), ('meta', 'invented'), ('name', 'user')), \"it's done\"), " +
      "('get_x', (('ref', 'invented'),), '404')), True, 0)";
    expect(hashOf(repr)).toBe("885f81ed7315");
    expect(behaviorSignature(row)).toBe("885f81ed7315");
  });

  it("reads a JSON-string arguments as no arguments and str() of the status", () => {
    const row = { steps: [{ tool: "t", arguments: '{"x": 1}', result: { status: "1.0" } }], final_text: null };
    expect(behaviorSignature(row)).toBe(hashOf("((('t', (), '1.0'),), False, 0)"));
    expect(behaviorSignature(row)).toBe("8125ab2e5ed7");
  });

  it("classifies arguments seen in earlier results as derived, never from the step's own result", () => {
    const row = {
      prompt: "cancel my order",
      steps: [
        { tool: "lookup", arguments: { q: "order" }, result: { id: "A-77" } },
        { tool: "cancel", arguments: { id: "a-77", own: "zz9" }, result: { echo: "zz9" } },
      ],
    };
    const repr = "((('lookup', (('q', 'user'),), ''), ('cancel', (('id', 'derived'), ('own', 'invented')), '')), False, 0)";
    expect(behaviorSignature(row)).toBe(hashOf(repr));
  });

  it("compares against the ASCII-escaped JSON of earlier results", () => {
    const row = {
      steps: [
        { tool: "a", result: { name: "café", n: 2.5 } },
        { tool: "b", arguments: { name: "CAFÉ", n: "2.5" } },
      ],
    };
    const repr = "((('a', (), ''), ('b', (('n', 'derived'), ('name', 'invented')), '')), False, 0)";
    expect(behaviorSignature(row)).toBe(hashOf(repr));
  });

  it("marks empty and whitespace arguments absent", () => {
    const row = { steps: [{ tool: "t", arguments: { a: "", b: " \u3000", c: null } }] };
    // str(None) is "None", so a None argument is not absent.
    expect(behaviorSignature(row)).toBe(hashOf("((('t', (('a', 'absent'), ('b', 'absent'), ('c', 'invented')), ''),), False, 0)"));
  });

  it("keeps steps with a None tool and skips those with no tool", () => {
    const row = { steps: [{ tool: null }, { arguments: { a: 1 } }, "text", 7, { tool: "" }] };
    expect(behaviorSignature(row)).toBe(hashOf("((('None', (), ''),), False, 0)"));
  });

  it("renders a None status as 'None' and a missing one as ''", () => {
    expect(behaviorSignature({ steps: [{ tool: "t", result: { status: null } }] })).toBe(hashOf("((('t', (), 'None'),), False, 0)"));
    expect(behaviorSignature({ steps: [{ tool: "t", result: '{"status": "ok"}' }] })).toBe(hashOf("((('t', (), 'ok'),), False, 0)"));
  });

  it("sorts argument keys by code point", () => {
    const row = { steps: [{ tool: "t", arguments: { "\u{1F600}": "x", "\uFF01": "y", B: "z", a: "w" } }] };
    const repr = "((('t', (('B', 'invented'), ('a', 'invented'), ('\uFF01', 'invented'), ('\u{1F600}', 'invented')), ''),), False, 0)";
    expect(behaviorSignature(row)).toBe(hashOf(repr));
  });

  it("buckets the final text by words of twelve, capped at 12", () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" \x1c ");
    expect(behaviorSignature({ final_text: words(11) })).toBe(hashOf("((), False, 0)"));
    expect(behaviorSignature({ final_text: words(12) })).toBe(hashOf("((), False, 1)"));
    expect(behaviorSignature({ final_text: words(500) })).toBe(hashOf("((), False, 12)"));
  });

  it("counts only ASCII-apostrophe refusals", () => {
    expect(behaviorSignature({ final_text: "I CANNOT" })).toBe(hashOf("((), True, 0)"));
    expect(behaviorSignature({ final_text: "I won\u2019t" })).toBe(hashOf("((), False, 0)"));
    expect(behaviorSignature({ final_text: "I won't" })).toBe(hashOf("((), True, 0)"));
  });

  it("reads odd steps and non-dict trajectories without crashing", () => {
    expect(behaviorSignature({ steps: "abc" })).toBe("033297c38e72");
    expect(behaviorSignature({ steps: { tool: "t" } })).toBe("033297c38e72");
    expect(behaviorSignature({ steps: 3 })).toBe("033297c38e72");
    expect(behaviorSignature(null)).toBe("033297c38e72");
    expect(behaviorSignature({ steps: [{ tool: "t", arguments: [1, 2] }] })).toBe(hashOf("((('t', (), ''),), False, 0)"));
  });
});

describe("behaviorPayload", () => {
  it("is Python's repr of the payload tuple", () => {
    const row = { prompt: "Refund ORD-1", steps: [{ tool: "a", arguments: { x: "ord-1", y: "" } }, { tool: "it's" }], final_text: "I cannot." };
    expect(behaviorPayload(row)).toBe(`((('a', (('x', 'user'), ('y', 'absent')), ''), ("it's", (), '')), True, 0)`);
    expect(behaviorPayload({ steps: [{ tool: "t" }] })).toBe("((('t', (), ''),), False, 0)");
  });

  it("reads only a dict's own keys, in order, even with Object.prototype polluted", () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.polluted = "x";
    try {
      const payload = behaviorPayload({ prompt: "ORD 9", steps: [{ tool: "t", arguments: { b: "ord 9", a: "" }, result: { status: "ok" } }] });
      expect(payload).toBe("((('t', (('a', 'absent'), ('b', 'user')), 'ok'),), False, 0)");
    } finally {
      delete proto.polluted;
    }
  });

  it("lowercases the prompt per row: one row's prompt never answers for the next", () => {
    const row = (prompt: string) => ({ prompt, steps: [{ tool: "t", arguments: { q: "abc" } }] });
    expect(behaviorPayload(row("ABC"))).toBe("((('t', (('q', 'user'),), ''),), False, 0)");
    expect(behaviorPayload(row("xyz"))).toBe("((('t', (('q', 'invented'),), ''),), False, 0)");
  });
});

describe("behaviorSignature of a JSON-text result", () => {
  it("writes the status from the text, as Python's str() of the parsed value does", () => {
    // Python signatures (CPython 3.11): the float literal and the text's key order are kept.
    expect(behaviorSignature({ steps: [{ tool: "t", result: '{"status": 404.0}' }] })).toBe("ce6a90192696");
    expect(behaviorSignature({ steps: [{ tool: "t", result: '{"status": {"b": 1, "10": [1.0, -0, 1e400]}}' }] })).toBe("025005ac531c");
    expect(behaviorSignature({ steps: [{ tool: "t", result: '{"status": 404}' }] })).toBe("b18834bd359b");
    expect(behaviorSignature({ steps: [{ tool: "t", result: { status: 404 } }] })).toBe("b18834bd359b");
  });

  it("renders characters newer than Unicode 14 as Python 3.11 does", () => {
    // repr() escapes the Unicode 15 emoji; lower() keeps the Unicode 16 capital.
    expect(behaviorSignature({ steps: [{ tool: "🫨", result: { status: "ok" } }], final_text: "\u1c89" })).toBe("11fcaa3a53ea");
  });
});

describe("payloadSignature", () => {
  it("is the first 12 hex characters of the payload's sha256", () => {
    expect(payloadSignature("((), False, 0)")).toBe("033297c38e72");
    expect(payloadSignature("é😀")).toBe(hashOf("é😀"));
    const long = "x".repeat(5000) + "日本";
    expect(payloadSignature(long)).toBe(hashOf(long));
  });

  it("starts each hash afresh: the reused hasher keeps nothing of the previous payload", () => {
    const texts = ["a".repeat(55), "b".repeat(56), "c".repeat(64), "", "a".repeat(55), "d".repeat(200)];
    for (const text of texts) expect(payloadSignature(text)).toBe(hashOf(text));
  });
});

describe("signatureCache", () => {
  it("answers as behaviorSignature does, for repeated and new rows", () => {
    const signatureOf = signatureCache();
    const rows = [
      trace("where is order 4412", "lookup_order", "not_found", "I could not find that order."),
      trace("status of order 130", "lookup_order", "ok", "Order ord_11 is confirmed."),
      trace("where is order 4412", "lookup_order", "not_found", "I could not find that order."),
      {},
      null,
    ];
    for (const row of rows) expect(signatureOf(row)).toBe(behaviorSignature(row));
  });
});

describe("argument provenance against earlier results", () => {
  // Python: `text in json.dumps(result_1).lower() + json.dumps(result_2).lower() + ...`.
  const results: unknown[] = [
    { status: "OK", n: 12, eta: "2025-03-14" },
    [1, 2, [true, null]],
    "Plain Text result",
    { a: "é", b: 'say "hi"' },
    { k: null, t: true, x: -0.5, big: 1e21, f: 404.0 },
    5,
    "x",
    { "Key Up": "V", nested: { deep: ["A-1234", { z: "tab\there" }] } },
    { s: "a\\b" },
  ];
  const needles = ["ok", "12", "1, 2", "plain text", "u00e9", "null", "true", "-0.5", "key up", "v", "status", "ok\", \"n", "2]", "k", "xx", "5\"x", "5", "a-1234", "1e+21", "\\t", "t\\there", "hi", "\\\"hi", "a\\\\b", "a\\b", "2025-03", "e+21", "404", "true, null", "deep", "x\"", "}"];
  const dumps = (list: unknown[]) => list.map((r) => pyJsonDumps(r).toLowerCase()).join("");

  it("calls an argument derived exactly when the earlier results' json.dumps text holds it", () => {
    for (let a = 0; a < results.length; a++) {
      for (let b = 0; b < results.length; b++) {
        const earlier = [results[a], results[b]];
        for (const needle of needles) {
          const row = {
            prompt: "",
            steps: [{ tool: "t", result: earlier[0] }, { tool: "t", result: earlier[1] }, { tool: "u", arguments: { v: needle }, result: {} }],
          };
          const want = dumps(earlier).includes(needle) ? "derived" : "invented";
          expect(behaviorPayload(row), `${JSON.stringify(earlier)} ${needle}`).toContain(`(('v', '${want}'),)`);
        }
      }
    }
  });
});

describe("argument provenance against the prompt", () => {
  // Python: `str(v).strip().lower()` is "absent" when empty, else "user" when in `prompt.lower()`.
  const want = (prompt: string, value: unknown) => {
    const text = pyLower(pyStrip(pyStr(value)));
    return text === "" ? "absent" : pyLower(prompt).includes(text) ? "user" : "invented";
  };
  const SEED = 20261206;
  const random = seededRandom(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const PIECES = ["a", "A", "-", "1", "12", "0", " ", "\t", "\u00a0", "\u3000", "é", "É", "İ", "ς", "Σ", "ß", "😀", "\u{1c89}", "ord", "ORD-7", "1e16", "nan", "inf", "0.0", "-0.0", "x_y", "@", "[", "_"];
  const text = () => Array.from({ length: Math.floor(random() * 6) }, () => pick(PIECES)).join("");
  const NUMBERS = [0, -0, 1, -1, 7, 12, 0.5, -0.5, 1e16, 1e-7, 123456789012, 2 ** 64, 1.5e300, Number.NaN, Infinity, -Infinity, 59.99];

  it(`answers as the plain computation on seeded random prompts and values (seed ${SEED})`, () => {
    const seen = new Set<string>();
    for (let n = 0; n < 3000; n++) {
      const numeric = random() < 0.4;
      const value = numeric ? (random() < 0.8 ? pick(NUMBERS) : Math.round(random() * 2000) / 100) : text();
      const prompt = numeric && random() < 0.5 ? `${text()}${pyStr(pick(NUMBERS))}${text()}` : `${text()}${typeof value === "string" && random() < 0.3 ? value.toUpperCase() : ""}${text()}`;
      const row = { prompt, steps: [{ tool: "t", arguments: { v: value }, result: {} }] };
      const answer = want(prompt, value);
      seen.add(answer);
      expect(behaviorPayload(row), `seed ${SEED}, case ${n}: ${JSON.stringify(prompt)} ${String(value)}`).toContain(`(('v', '${answer}'),)`);
    }
    expect([...seen].sort()).toEqual(["absent", "invented", "user"]);
  });
});
