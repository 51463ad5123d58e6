import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { policySections, ruleAxis } from "./policy-sections.js";

const THREE = "Never refund twice.\n\nAlways log the ticket id.\n\nConfirm the payee first.";

describe("policySections", () => {
  it("splits lines into sentence clauses", () => {
    expect(policySections("Refunds over $100 need manager approval.\nNever refund an order twice.")).toEqual([
      "Refunds over $100 need manager approval.",
      "Never refund an order twice.",
    ]);
  });

  it("splits at headings, bullets and numbered items, then at semicolons, and strips the markers", () => {
    const policy =
      "# Refunds\n- Refund only delivered orders.\n- Never refund twice; escalate disputes to a human agent.\n\n" +
      "# Privacy\n1. Never reveal another customer's address.\n2) Verify the customer's identity before changing an address.";
    expect(policySections(policy)).toEqual([
      "Refund only delivered orders.",
      "Never refund twice",
      "escalate disputes to a human agent.",
      "Never reveal another customer's address.",
      "Verify the customer's identity before changing an address.",
    ]);
  });

  it("drops the identity sentence of a role preamble, and a part that is only a preamble", () => {
    const policy =
      "You are a helpful support agent for Acme Outdoor. Always confirm the order id before acting. " +
      "Do not promise delivery dates. Escalate legal threats to a human.";
    expect(policySections(policy)).toEqual([
      "Always confirm the order id before acting.",
      "Do not promise delivery dates.",
      "Escalate legal threats to a human.",
    ]);
    expect(policySections("You are a friendly assistant")).toEqual([]);
    expect(policySections("YOU ARE the agent; never refund twice.")).toEqual(["never refund twice."]);
    expect(policySections("Your role is support. Never refund twice.")).toEqual(["Never refund twice."]);
  });

  it("reads the role phrase's word boundary as Python's Unicode \\b", () => {
    // "asap" continues the word "as"; a combining accent is not a word character in Python.
    expect(policySections("Act asap on fraud reports.")).toEqual(["Act asap on fraud reports."]);
    expect(policySections("You are\u0301 required to log every ticket id.")).toEqual([]);
  });

  it("splits before `Label:` lines", () => {
    expect(policySections("Refunds: only within 30 days of delivery.\nShipping: never promise a delivery date.\nTone: be brief")).toEqual([
      "Refunds: only within 30 days of delivery.",
      "Shipping: never promise a delivery date.",
      "Tone: be brief",
    ]);
  });

  it("cuts a clause over 120 characters at its last word", () => {
    const policy =
      "When a customer asks for a refund on an order that was delivered more than thirty days ago and the item " +
      "shows signs of use, politely decline, explain the policy, and offer store credit instead of cash back if they insist.";
    expect(policySections(policy)).toEqual([
      "When a customer asks for a refund on an order that was delivered more than thirty days ago and the item shows signs of",
    ]);
  });

  it("drops case-insensitive duplicates and clauses under 8 characters", () => {
    expect(policySections("Never refund twice.\n\nnever refund twice.\n\nNEVER REFUND TWICE.\n\nAlways log the ticket id.")).toEqual([
      "Never refund twice.",
      "Always log the ticket id.",
    ]);
    expect(policySections("Be nice.")).toEqual(["Be nice."]);
    expect(policySections("Be kind.\n\nok")).toEqual(["Be kind."]);
  });

  it("splits on semicolons only when every piece is a clause", () => {
    expect(policySections("Check the balance first; confirm the payee; never transfer more than $5,000 without a second factor.")).toEqual([
      "Check the balance first",
      "confirm the payee",
      "never transfer more than $5,000 without a second factor.",
    ]);
    expect(policySections("Refund it; ok; then close the ticket.")).toEqual(["Refund it; ok; then close the ticket."]);
  });

  it("treats Python whitespace and Unicode digits as Python's re does", () => {
    // \x1c is whitespace to Python (a blank line here); \ufeff is not.
    expect(policySections("Never refund twice.\n\x1c\nAlways log the ticket id.")).toEqual(["Never refund twice.", "Always log the ticket id."]);
    expect(policySections("Never refund twice.\n\ufeff\nAlways log the ticket id.")).toEqual(["Never refund twice.", "\ufeff Always log the ticket id."]);
    expect(policySections("٣. Never refund twice.\n٤. Always log the ticket id.")).toEqual(["Never refund twice.", "Always log the ticket id."]);
  });

  it("keeps unicode text intact", () => {
    expect(policySections("Refunds über 100€ brauchen eine Freigabe.\nNiemals doppelt erstatten 😀 bitte.")).toEqual([
      "Refunds über 100€ brauchen eine Freigabe.",
      "Niemals doppelt erstatten 😀 bitte.",
    ]);
  });

  it("stops at the cap; null keeps every clause; a cap below 1 still returns the first clause", () => {
    expect(policySections(THREE, 2)).toEqual(["Never refund twice.", "Always log the ticket id."]);
    expect(policySections(THREE, null)).toHaveLength(3);
    expect(policySections(THREE, 0)).toEqual(["Never refund twice."]);
  });

  it("answers [] for empty, blank or falsy policies and reads others through str()", () => {
    expect(policySections("")).toEqual([]);
    expect(policySections("   \n\n  ")).toEqual([]);
    expect(policySections(null)).toEqual([]);
    expect(policySections(0)).toEqual([]);
    expect(policySections(123456789)).toEqual(["123456789"]);
  });
});

describe("ruleAxis", () => {
  it("returns the capped clauses and the full count", () => {
    expect(ruleAxis(THREE, 2)).toEqual([["Never refund twice.", "Always log the ticket id."], 3]);
    expect(ruleAxis(THREE, 5)).toEqual([["Never refund twice.", "Always log the ticket id.", "Confirm the payee first."], 3]);
    expect(ruleAxis(THREE, null)[1]).toBe(3);
  });

  it("slices as Python does for caps below 1", () => {
    expect(ruleAxis(THREE, 0)).toEqual([[], 3]);
    expect(ruleAxis(THREE, -1)).toEqual([["Never refund twice.", "Always log the ticket id."], 3]);
  });
});

describe("policySections on arbitrary text", () => {
  it("never throws and answers trimmed clauses of 8 to 120 code points, without case-insensitive repeats", () => {
    const pieces = fc.constantFrom("You are", "Never refund twice", ".", ";", ": ", "\n", "\n\n", " ", "\x1c", "\u3000", "# ", "1. ", "- ", "• ", "Tone: ", "é", "😀", "x".repeat(70));
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 20 }), (parts) => {
        const clauses = policySections(parts.join(""), null);
        for (const clause of clauses) {
          expect([...clause].length).toBeGreaterThanOrEqual(8);
          expect([...clause].length).toBeLessThanOrEqual(120);
        }
        expect(new Set(clauses.map((c) => c.toLowerCase())).size).toBe(clauses.length);
      }),
      { numRuns: 300 },
    );
  });
});
