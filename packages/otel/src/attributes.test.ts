import { describe, expect, it } from "vitest";
import * as py from "@whileai/hash-embed/internal";
import { decodeAttributes, first, parseValue } from "./attributes.js";
import { otlpValue } from "./otlp-value.js";

describe("otlpValue", () => {
  it("returns the first scalar key raw, without conversion", () => {
    expect(otlpValue({ intValue: "120" })).toBe("120");
    expect(otlpValue({ stringValue: "a", intValue: "1" })).toBe("a");
    expect(otlpValue({ boolValue: false })).toBe(false);
    expect(otlpValue({ stringValue: null })).toBeNull();
  });

  it("decodes arrays recursively; an array without values is empty", () => {
    expect(otlpValue({ arrayValue: { values: [{ stringValue: "x" }, { arrayValue: {} }] } })).toEqual(["x", []]);
  });

  it("decodes kvlistValue and bytesValue, which Python leaves as wrappers", () => {
    expect(otlpValue({ kvlistValue: { values: [{ key: "a", value: { doubleValue: 0.5 } }, { key: "__proto__", value: { stringValue: "data" } }] } })).toEqual(
      JSON.parse('{"a": 0.5, "__proto__": "data"}'),
    );
    expect(otlpValue({ bytesValue: "aGk=" })).toBe("aGk=");
    expect(otlpValue({ bytesValue: new Uint8Array([104, 105]) })).toBe("aGk=");
  });

  it("keeps an empty or unknown value as the dict itself", () => {
    expect(otlpValue({})).toEqual({});
    expect(otlpValue({ other: 1 })).toEqual({ other: 1 });
  });
});

describe("decodeAttributes", () => {
  it("uses a flat dict as-is, undecoded", () => {
    expect(decodeAttributes({ a: { intValue: "1" } }).get("a")).toEqual({ intValue: "1" });
  });

  it("lets later duplicates win and skips items without a key", () => {
    const attrs = decodeAttributes([{ key: "a", value: { stringValue: "1" } }, null, { value: { stringValue: "x" } }, { key: "a", value: { stringValue: "2" } }]);
    expect([...attrs]).toEqual([["a", "2"]]);
  });

  it("decodes as the plain reading of the rule does: dict items with a string key, later ones winning (property, seed in the name)", () => {
    // Bounded by count; OTEL_FUZZ_SEED replays another seed.
    let seed = Number(process.env.OTEL_FUZZ_SEED ?? 16);
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) / 2 ** 24;
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
    const names = ["a", "b", "c", "__proto__", "constructor"];
    const values = [{ stringValue: "x" }, { intValue: "7" }, { arrayValue: { values: [{ boolValue: true }] } }, { kvlistValue: { values: [] } }, {}, null, "raw", 3];
    for (let n = 0; n < 300; n++) {
      const items = Array.from({ length: Math.floor(random() * 8) }, () =>
        pick<unknown>([{ key: pick<unknown>([...names, 5, null]), value: pick(values) }, { value: pick(values) }, null, "item", [{ key: "a" }], new Map([["key", "a"]])]),
      );
      const flat = Object.fromEntries(names.filter(() => random() < 0.5).map((name) => [name, pick(values)]));
      for (const attributes of [items, flat]) {
        expect([...decodeAttributes(attributes)], `seed ${process.env.OTEL_FUZZ_SEED ?? 16}, case ${n}`).toEqual([...plainDecode(attributes)]);
      }
    }
  });
});

describe("first", () => {
  it("skips None and empty strings but not 0 or False", () => {
    const attrs = decodeAttributes({ a: null, b: "", c: 0, d: 1 });
    expect(first(attrs, ["a", "b", "c", "d"])).toBe(0);
    expect(first(attrs, ["a", "b"])).toBeNull();
  });
});

describe("parseValue", () => {
  it("parses stripped JSON containers and keeps everything else", () => {
    expect(parseValue('  {"a": 1} ')).toEqual({ a: 1 });
    expect(parseValue("[urgent] x")).toBe("[urgent] x");
    expect(parseValue(" 42 ")).toBe(" 42 ");
    expect(parseValue('{"x": NaN}')).toEqual({ x: NaN });
  });
});

/** The rule read plainly, as decodeAttributes once spelled it: the reference for the property test. */
function plainDecode(attributes: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (py.isDict(attributes)) {
    for (const key of Object.keys(attributes)) if (attributes[key] !== undefined) out.set(key, attributes[key]);
    return out;
  }
  if (!Array.isArray(attributes)) return out;
  for (const item of attributes) {
    if (!py.isDict(item) || !py.has(item, "key")) continue;
    if (typeof item.key === "string") out.set(item.key, otlpValue(py.get(item, "value")));
  }
  return out;
}
