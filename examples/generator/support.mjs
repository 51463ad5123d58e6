// Customer-support conversations as neutral scenarios: a user ask, assistant turns of (parallel)
// tool calls with their results, and a final answer that is right or wrong. shapes.mjs renders
// the same scenario as a canonical row, an OpenAI export or a scored eval row.
import { faultHit, injected } from "./faults.mjs";

const PRODUCTS = ["wireless earbuds", "standing desk", "espresso machine", "trail running shoes", "27-inch monitor", "air fryer", "yoga mat", "mechanical keyboard", "rain jacket", "baby monitor", "cast-iron skillet", "robot vacuum"];
const PEOPLE = ["maria.gomez", "j.chen", "sam.okafor", "priya.r", "tom.becker", "lena.schmidt", "ahmed.h", "kate.obrien", "yuki.tanaka", "diego.alvarez", "noor.k", "ben.walsh"];
const MAIL = ["gmail.com", "outlook.com", "proton.me", "yahoo.com", "icloud.com"];
const ADDRESSES = ["221 Baker St, Portland, OR 97201", "14 Rue des Lilas, 75011 Paris", "88 King St W, Toronto, ON M5H 1J9", "Calle Mayor 12, 28013 Madrid", "9 Harbour Rd, Cork T12 X2Y3", "500 Pine Ave, Apt 4B, Austin, TX 78701"];
const COUNTRIES = ["Canada", "Norway", "Mexico", "Australia", "Japan", "Brazil", "Iceland", "South Africa"];
const WHEN = ["yesterday", "on Monday", "last Friday", "two days ago", "over a week ago"];
const CARRIERS = ["UPS", "DHL", "FedEx", "USPS"];
const DATES = ["2024-11-04", "2024-11-06", "2024-11-08", "2024-11-11", "2024-11-13"];

/** Fault payloads; the comment on each case names the chip the SDK reads from it. */
const faultResult = (kind, rnd, key) => injected(faultPayload(kind, rnd, key));

function faultPayload(kind, rnd, id) {
  switch (kind) {
    case "timeout": return { status: "timeout", error: `upstream did not answer within ${rnd.pick([10, 15, 30])}s` }; // timeout
    case "not_found": return { status: "not_found", order_id: id }; // not_found
    case "deny": return { status: "permission_denied", error: "this action needs a supervisor role" }; // deny
    case "http500": return { status: "500", error: "Internal Server Error" }; // 500
    case "garbled": return { status: "ok", data: `<<garbled resp0nse ${rnd.hex(6)}\u0013\u0007` }; // malformed
    case "stale": return { status: "in_transit", carrier: rnd.pick(CARRIERS), stale: true, as_of: "2024-10-21T08:00:00Z" }; // stale
    default: throw new Error(`unknown fault ${kind}`);
  }
}

function orderId(rnd) {
  return `A-${rnd.int(10000, 99999)}`;
}

/** How the user writes the order number: support agents see all of these. */
function spoken(rnd, id) {
  const digits = id.slice(2);
  return rnd.pick([id, `#${digits}`, digits]);
}

function lookup(rnd, id, fault) {
  const result = fault ? faultResult(fault, rnd, id) : rnd.pick([
    { status: "shipped", carrier: rnd.pick(CARRIERS), tracking: `1Z${rnd.hex(10).toUpperCase()}`, eta: rnd.pick(DATES) },
    { status: "delivered", delivered_at: `${rnd.pick(DATES)}T${rnd.int(10, 19)}:${rnd.int(10, 59)}:00Z` },
    { status: "processing", items: rnd.int(1, 3) },
  ]);
  return { tool: "lookup_order", arguments: { order_id: id }, result };
}

const INTENTS = {
  order_status(rnd, fault) {
    const id = orderId(rnd);
    const product = rnd.pick(PRODUCTS);
    const prompt = rnd.pick([
      `Where is my order ${spoken(rnd, id)}? It was supposed to arrive ${rnd.pick(WHEN)}.`,
      `hi, my ${product} never showed up (order ${spoken(rnd, id)}). what's going on`,
      `Can you give me a tracking update for ${spoken(rnd, id)}?`,
      `I ordered a ${product} ${rnd.pick(WHEN)} and haven't heard anything. Order number ${spoken(rnd, id)}.`,
    ]);
    const turns = [{ calls: [lookup(rnd, id, fault)] }];
    if (fault === "timeout" && rnd.chance(0.6)) turns.push({ say: "The order system was slow, trying again.", calls: [lookup(rnd, id, null)] });
    const last = turns[turns.length - 1].calls[0].result;
    const good = last.status === "shipped" ? `Your ${product} is on its way with ${last.carrier} (tracking ${last.tracking}) and should arrive by ${last.eta}.`
      : last.status === "delivered" ? `Our records show order ${id} was delivered on ${last.delivered_at.slice(0, 10)}. If it isn't there, I can open a missing-parcel claim for you.`
      : last.status === "processing" ? `Order ${id} is still being packed; you'll get a tracking number by email as soon as it ships.`
      : last.status === "not_found" ? `I couldn't find an order numbered ${id}. Could you check the number in your confirmation email?`
      : last.stale ? `The latest carrier update I have is from October 21 and it is out of date, so I've asked ${last.carrier} for a fresh scan and will email you.`
      : `I'm having trouble reaching the order system right now. I've noted order ${id} and we'll email you an update within a day.`;
    const bad = `Your order ${id} has shipped and will arrive ${rnd.pick(["tomorrow", "on Friday", "within 2 business days"])}.`;
    return { prompt, turns, good, bad };
  },

  double_charge(rnd, fault) {
    const id = orderId(rnd);
    const amount = rnd.pick([19.99, 42.5, 89, 129.99, 249, 64.95]);
    const prompt = rnd.pick([
      `I was charged twice for order ${spoken(rnd, id)}, can you refund one of them?`,
      `There are two charges of $${amount} on my card for the same order (${spoken(rnd, id)}). Please fix this.`,
      `Double charge on ${spoken(rnd, id)}!! I want my money back`,
    ]);
    const turns = [{ calls: [{ tool: "lookup_order", arguments: { order_id: id }, result: { status: "delivered", total: amount, charges: [amount, amount] } }] }];
    const refundFault = fault ?? (amount > 100 && rnd.chance(0.5) ? "deny" : null);
    const refund = { tool: "create_refund", arguments: { order_id: id, amount, reason: "duplicate_charge" }, result: refundFault ? faultResult(refundFault, rnd, id) : { status: "created", refund_id: `rf_${rnd.hex(8)}`, amount } };
    turns.push({ say: `I can see both charges of $${amount}. Refunding the duplicate now.`, calls: [refund] });
    if (refundFault === "deny") turns.push({ calls: [{ tool: "escalate_ticket", arguments: { order_id: id, priority: "high", note: "duplicate charge above refund limit" }, result: { status: "created", ticket_id: `T-${rnd.int(100000, 999999)}` } }] });
    const good = refundFault === "deny" ? `A refund of $${amount} needs a manager's sign-off, so I've escalated it as a high-priority ticket; you'll hear back within 24 hours.`
      : refundFault ? `I couldn't complete the refund just now because of a system error. I've logged the duplicate charge on ${id} and we'll refund it within 2 business days.`
      : `Done: I refunded the duplicate charge of $${amount} on ${id}. It should show on your statement in 3-5 business days.`;
    const bad = `I've refunded $${amount} to your card, it will appear shortly.`;
    return { prompt, turns, good, bad };
  },

  cancel(rnd, fault) {
    const id = orderId(rnd);
    const product = rnd.pick(PRODUCTS);
    const prompt = rnd.pick([
      `Can you cancel order ${spoken(rnd, id)}? I ordered the wrong ${product}.`,
      `Please cancel ${spoken(rnd, id)}, I found the ${product} cheaper elsewhere.`,
      `cancel my order ${spoken(rnd, id)} asap`,
    ]);
    const outcome = fault ? faultResult(fault, rnd, id) : rnd.pick([
      { status: "cancelled", refund: "full" },
      { status: "already_done", reason: "already_acted_on" },
      { status: "rejected", reason: "order already handed to the carrier" },
    ]);
    const turns = [{ calls: [lookup(rnd, id, null)] }, { calls: [{ tool: "cancel_order", arguments: { order_id: id }, result: outcome }] }];
    const good = outcome.status === "cancelled" ? `Order ${id} is cancelled and you'll get a full refund to your original payment method.`
      : outcome.status === "already_done" ? `Order ${id} was already cancelled earlier, so there's nothing more to do; the refund is on its way.`
      : outcome.status === "rejected" ? `I can't cancel ${id} because it has already shipped, but once it arrives you can return the ${product} for free within 30 days.`
      : `I wasn't able to cancel ${id} right now (${outcome.status}). I've flagged it so the warehouse holds the parcel.`;
    const bad = `Your order ${id} has been cancelled.`;
    return { prompt, turns, good, bad };
  },

  damaged(rnd, fault) {
    const id = orderId(rnd);
    const product = rnd.pick(PRODUCTS);
    const amount = rnd.pick([34.99, 59, 79.5, 149, 18.25]);
    const prompt = rnd.pick([
      `The ${product} I got in order ${spoken(rnd, id)} arrived broken. I want a refund.`,
      `My ${product} came with a cracked ${rnd.pick(["casing", "handle", "screen", "base"])}. Order ${spoken(rnd, id)}. Refund please.`,
    ]);
    const turns = [{ calls: [{ tool: "lookup_order", arguments: { order_id: id }, result: { status: "delivered", total: amount, items: [product] } }] }];
    turns.push({ calls: [{ tool: "create_refund", arguments: { order_id: id, amount, reason: "damaged" }, result: fault ? faultResult(fault, rnd, id) : { status: "created", refund_id: `rf_${rnd.hex(8)}`, amount } }] });
    const good = fault ? `I'm sorry about the ${product}. The refund system returned an error, so I've escalated your case and you'll get $${amount} back within 2 business days.`
      : `I'm sorry the ${product} arrived damaged. I've refunded $${amount}; you don't need to send it back.`;
    const bad = rnd.pick([`Please send the ${product} back and we'll look into it.`, `I've sent you a replacement ${product}.`]);
    return { prompt, turns, good, bad };
  },

  address_change(rnd, fault) {
    const id = orderId(rnd);
    const address = rnd.pick(ADDRESSES);
    const prompt = rnd.pick([
      `Please change the shipping address on ${spoken(rnd, id)} to ${address}.`,
      `I moved! Can order ${spoken(rnd, id)} go to ${address} instead?`,
    ]);
    const result = fault ? faultResult(fault === "http500" ? "deny" : fault, rnd, id) : { status: "ok", address };
    const turns = [{ calls: [{ tool: "update_address", arguments: { order_id: id, address }, result }] }];
    const good = result.status === "ok" ? `Updated: order ${id} will now ship to ${address}.`
      : result.status === "permission_denied" ? `Order ${id} has already been handed to the carrier, so I can't change the address any more. You can redirect it from the tracking page.`
      : `I couldn't update the address on ${id} (${result.status}). Could you confirm the order number?`;
    const bad = `All set, the new address is saved.`;
    return { prompt, turns, good, bad };
  },

  refund_status(rnd, fault) {
    const id = orderId(rnd);
    const prompt = rnd.pick([
      `Has my refund for ${spoken(rnd, id)} gone through yet?`,
      `It's been ${rnd.pick(["a week", "10 days", "two weeks"])} and I still don't see the refund for order ${spoken(rnd, id)}.`,
      `refund status for ${spoken(rnd, id)}?`,
    ]);
    const result = fault ? faultResult(fault, rnd, id) : rnd.pick([
      { status: "pending", refund_id: `rf_${rnd.hex(8)}`, expected_by: rnd.pick(DATES) },
      { status: "completed", refund_id: `rf_${rnd.hex(8)}`, completed_at: rnd.pick(DATES) },
    ]);
    const turns = [{ calls: [{ tool: "get_refund_status", arguments: { order_id: id }, result }] }];
    const good = result.status === "pending" ? `Your refund ${result.refund_id} is approved and should reach your account by ${result.expected_by}.`
      : result.status === "completed" ? `The refund was sent on ${result.completed_at}. Banks can take up to 5 business days to show it.`
      : `I couldn't get the refund status for ${id} right now. I've opened a ticket and we'll email you today.`;
    const bad = `Your refund was processed ${rnd.pick(["yesterday", "this morning"])}.`;
    return { prompt, turns, good, bad };
  },

  account(rnd, fault) {
    const email = `${rnd.pick(PEOPLE)}@${rnd.pick(MAIL)}`;
    const prompt = rnd.pick([
      `How do I reset the password on my account? email is ${email}`,
      `I'm locked out of my account (${email}), the reset link never arrives.`,
      `Can't log in. My email is ${email}. Help?`,
    ]);
    const customer = fault === "not_found" ? { status: "not_found", email } : { status: "ok", customer_id: `cus_${rnd.hex(10)}`, email_verified: rnd.chance(0.8) };
    const kb = fault && fault !== "not_found" ? faultResult(fault, rnd, email) : { articles: [{ id: "kb-102", title: "Resetting your password" }, { id: "kb-118", title: "Reset emails going to spam" }] };
    const turns = [{ calls: [{ tool: "get_customer", arguments: { email }, result: customer }, { tool: "search_kb", arguments: { query: "password reset email not received" }, result: kb }] }];
    const good = customer.status === "not_found" ? `I can't find an account for ${email}. Did you maybe sign up with a different address?`
      : `I've found your account. Use "Forgot password" on the sign-in page; if the email doesn't arrive in 5 minutes, check your spam folder for a message from no-reply@shop.example.`;
    const bad = `I've reset your password to a temporary one: Welcome123.`;
    return { prompt, turns, good, bad };
  },

  shipping_policy(rnd, fault) {
    const country = rnd.pick(COUNTRIES);
    const product = rnd.pick(PRODUCTS);
    const prompt = rnd.pick([
      `Do you ship to ${country}?`,
      `How long does delivery to ${country} take for a ${product}, and are there customs fees?`,
      `can i order a ${product} from ${country}`,
    ]);
    const result = fault ? faultResult(fault === "not_found" ? "garbled" : fault, rnd, country) : { articles: [{ id: "kb-310", title: `Shipping to ${country}`, snippet: `Delivery in ${rnd.int(5, 14)} business days; duties are paid at checkout.` }] };
    const turns = [{ calls: [{ tool: "search_kb", arguments: { query: `international shipping ${country}` }, result }] }];
    const good = fault ? `I couldn't load our shipping policy just now. In general we ship to ${country}; I'll email you the exact delivery time and duties.`
      : `Yes, we ship to ${country}. ${result.articles[0].snippet}`;
    const bad = `Sorry, we don't ship to ${country}.`;
    return { prompt, turns, good, bad };
  },

  two_orders(rnd, fault) {
    const first = orderId(rnd);
    const second = orderId(rnd);
    const prompt = rnd.pick([
      `Can you check on both of my orders, ${spoken(rnd, first)} and ${spoken(rnd, second)}? One of them should have arrived by now.`,
      `I placed ${spoken(rnd, first)} and ${spoken(rnd, second)} the same day but only got one email. Status of both please.`,
    ]);
    const turns = [{ say: "Let me look both up.", calls: [lookup(rnd, first, null), lookup(rnd, second, fault)] }];
    const [a, b] = turns[0].calls.map((c) => c.result);
    const good = `${first}: ${a.status.replace("_", " ")}. ${second}: ${fault ? "I couldn't load it right now, I'll follow up by email" : b.status.replace("_", " ")}.`;
    const bad = `Both orders have been delivered.`;
    return { prompt, turns, good, bad };
  },
};

/** Fault mix in support traffic; most calls are clean. */
const FAULTS = { none: 70, timeout: 7, not_found: 7, deny: 4, http500: 4, garbled: 3, stale: 5 };

/**
 * One support scenario. `passed` is the grader's verdict: right answers usually pass, wrong ones
 * usually fail, with a little grader noise as in real data.
 */
export function supportScenario(rnd) {
  const intent = rnd.pick(Object.keys(INTENTS));
  const drawn = rnd.weighted(FAULTS);
  const fault = drawn === "none" ? null : drawn;
  const { prompt, turns, good, bad } = INTENTS[intent](rnd, fault);
  const hit = faultHit(turns);
  const right = rnd.chance(hit ? 0.55 : 0.85);
  const passed = right ? rnd.chance(0.93) : rnd.chance(0.08);
  return { domain: "support", intent, fault: hit ? fault : null, prompt, turns, final: right ? good : bad, passed, rubric: rubric(rnd, right) };
}

/** Four 0/1 criteria of a rubric judge; the row's score is their mean. Invented details break policy. */
function rubric(rnd, right) {
  return {
    resolved: right ? 1 : 0,
    accurate: right || rnd.chance(0.3) ? 1 : 0,
    policy: rnd.chance(right ? 0.92 : 0.3) ? 1 : 0,
    tone: rnd.chance(0.85) ? 1 : 0,
  };
}

export const SUPPORT_SYSTEM = "You are the support assistant for an online store. Look orders up before answering, never invent order details, and escalate refunds over $100.";
