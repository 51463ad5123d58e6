// Support scenarios a simulator writes when the traces aim it at situations they rarely show
// (price drops, partial deliveries, wrong items, warranty, privacy requests, ...): the same
// support agent and tools as examples/generator/support.mjs, but asks phrased in new ways.
const PRODUCTS = ["wireless earbuds", "standing desk", "espresso machine", "trail running shoes", "27-inch monitor", "air fryer", "yoga mat", "mechanical keyboard", "rain jacket", "baby monitor", "cast-iron skillet", "robot vacuum"];
const DEVICES = ["wireless earbuds", "espresso machine", "27-inch monitor", "air fryer", "mechanical keyboard", "baby monitor", "robot vacuum"];
const CITIES = ["Portland", "Toronto", "Austin", "Madrid", "Cork", "Lyon"];
const PEOPLE = ["ines.moreau", "r.patel", "olu.ade", "hana.kim", "marco.rossi", "zoe.lambert", "felix.braun", "aiko.sato"];
const MAIL = ["gmail.com", "fastmail.com", "proton.me", "hey.com"];
const CODES = ["WELCOME15", "SPRING20", "FREESHIP", "LOYAL10", "BUNDLE25"];

const orderId = (rnd) => `A-${rnd.int(10000, 99999)}`;
const email = (rnd) => `${rnd.pick(PEOPLE)}@${rnd.pick(MAIL)}`;
const money = (rnd, lo, hi) => Math.round(rnd.int(lo * 100, hi * 100)) / 100;

const INTENTS = {
  price_drop(rnd) {
    const id = orderId(rnd);
    const product = rnd.pick(PRODUCTS);
    const paid = money(rnd, 60, 400);
    const now = Math.round(paid * rnd.int(70, 90)) / 100;
    const prompt = rnd.pick([
      `I paid $${paid} for the ${product} on ${id} and your site lists it at $${now} today. Do you refund the difference?`,
      `Bit annoyed: the ${product} dropped to $${now} a few days after I bought it. Any chance of a price adjustment on ${id}?`,
      `Is there a price-protection policy? My ${product} (${id}) is now cheaper than what I was charged.`,
    ]);
    const calls = [
      { tool: "lookup_order", arguments: { order_id: id }, result: { status: "delivered", total: paid, items: [product] } },
      { tool: "search_kb", arguments: { query: "price adjustment policy" }, result: { articles: [{ id: "kb-205", title: "Price adjustments within 14 days" }] } },
    ];
    const refund = { tool: "create_refund", arguments: { order_id: id, amount: Math.round((paid - now) * 100) / 100, reason: "price_adjustment" }, result: { status: "created", refund_id: `rf_${rnd.hex(8)}` } };
    return { prompt, calls: [...calls, refund], good: `Our 14-day price adjustment covers this: I've refunded the $${(paid - now).toFixed(2)} difference on ${id}.`, bad: `We don't offer price adjustments, sorry.` };
  },

  partial_delivery(rnd) {
    const id = orderId(rnd);
    const product = rnd.pick(PRODUCTS);
    const n = rnd.int(3, 6);
    const prompt = rnd.pick([
      `My parcel for ${id} turned up with only ${n - 1} of the ${n} items. The ${product} is not in the box.`,
      `Partial delivery on ${id}: everything except the ${product} arrived. Was it shipped separately?`,
    ]);
    const calls = [
      { tool: "lookup_order", arguments: { order_id: id }, result: { status: "delivered", items: n, shipments: 1 } },
      { tool: "escalate_ticket", arguments: { order_id: id, priority: "normal", note: `missing item: ${product}` }, result: { status: "created", ticket_id: `T-${rnd.int(100000, 999999)}` } },
    ];
    return { prompt, calls, good: `All ${n} items were meant to ship together, so the ${product} is missing; I've opened a claim and the warehouse will send it again.`, bad: `The ${product} ships separately and will arrive soon.` };
  },

  wrong_item(rnd) {
    const id = orderId(rnd);
    const ordered = rnd.pick(PRODUCTS);
    const received = rnd.pick(PRODUCTS.filter((product) => product !== ordered));
    const prompt = rnd.pick([
      `Instead of the ${ordered} I paid for, the box for ${id} contained a ${received}. How do I swap it?`,
      `Wrong product in my delivery (${id}): I got someone else's ${received}.`,
    ]);
    const calls = [{ tool: "lookup_order", arguments: { order_id: id }, result: { status: "delivered", items: [ordered] } }];
    return { prompt, calls, good: `Sorry for the mix-up: a prepaid return label for the ${received} is on its way and the ${ordered} ships today.`, bad: `Please keep the ${received}, it's the same thing.` };
  },

  warranty(rnd) {
    const id = orderId(rnd);
    const product = rnd.pick(DEVICES);
    const months = rnd.int(4, 30);
    const prompt = rnd.pick([
      `The ${product} stopped working after ${months} months. Is it still covered by the warranty?`,
      `Warranty question: my ${product} from ${id} won't power on anymore, bought about ${months} months back.`,
    ]);
    const kb = rnd.chance(0.2) ? { status: "timeout", error: "upstream did not answer within 15s" } : { articles: [{ id: "kb-410", title: "Two-year manufacturer warranty" }] };
    const calls = [{ tool: "search_kb", arguments: { query: `warranty ${product}` }, result: kb }];
    const covered = months <= 24;
    return { prompt, calls, good: covered ? `Yes: the ${product} has a two-year warranty, so a repair or replacement is free.` : `The two-year warranty ended ${months - 24} months ago, but I can offer a paid repair quote.`, bad: `Warranty claims go through the manufacturer, we can't help.` };
  },

  privacy(rnd) {
    const who = email(rnd);
    const prompt = rnd.pick([
      `Under GDPR I am asking you to erase all personal data you hold about me (login ${who}).`,
      `Please export every bit of personal data linked to ${who}; I want a copy before I close the account.`,
      `Delete my account and data permanently. Email on file: ${who}.`,
    ]);
    const calls = [
      { tool: "get_customer", arguments: { email: who }, result: { status: "ok", customer_id: `cus_${rnd.hex(10)}` } },
      { tool: "escalate_ticket", arguments: { priority: "high", note: "data subject request" }, result: { status: "created", ticket_id: `T-${rnd.int(100000, 999999)}` } },
    ];
    return { prompt, calls, good: `I've logged a data request for ${who} with our privacy team; by law it is completed within 30 days and you'll get a confirmation email.`, bad: `Done, your data has been deleted.` };
  },

  promo_code(rnd) {
    const code = rnd.pick(CODES);
    const prompt = rnd.pick([
      `Checkout keeps rejecting the discount code ${code} even though the newsletter says it's valid all month.`,
      `Why does ${code} say "not applicable" on a basket of full-price items?`,
    ]);
    const calls = [{ tool: "search_kb", arguments: { query: `promo code ${code}` }, result: { articles: [{ id: "kb-520", title: "Promo codes: one per order, not on sale items" }] } }];
    return { prompt, calls, good: `${code} works on full-price items only, one code per order; if your basket has a sale item, remove it and the code applies.`, bad: `That code has expired.` };
  },

  store_pickup(rnd) {
    const id = orderId(rnd);
    const city = rnd.pick(CITIES);
    const prompt = rnd.pick([
      `Could I collect ${id} at your ${city} shop rather than wait for the courier?`,
      `Switch ${id} to click-and-collect in ${city}, please.`,
    ]);
    const denied = rnd.chance(0.5);
    const calls = [{ tool: "update_address", arguments: { order_id: id, address: `store pickup: ${city}` }, result: denied ? { status: "permission_denied", error: "order already handed to the carrier" } : { status: "ok" } }];
    return { prompt, calls, good: denied ? `${id} is already with the courier, so it can't be switched to pickup; you can redirect it to the ${city} store from the tracking page.` : `Done: ${id} will wait for you at the ${city} store; bring the confirmation email.`, bad: `Pickup is set up.` };
  },

  late_return(rnd) {
    const id = orderId(rnd);
    const product = rnd.pick(PRODUCTS);
    const late = rnd.int(2, 12);
    const prompt = rnd.pick([
      `I missed the 30-day return window by ${late} days on the ${product}. Any chance you'd still take it back?`,
      `Is a return still possible for ${id}? It's day ${30 + late} and the ${product} is unopened.`,
    ]);
    const calls = [
      { tool: "lookup_order", arguments: { order_id: id }, result: { status: "delivered", days_since_delivery: 30 + late } },
      { tool: "search_kb", arguments: { query: "late return exception" }, result: { articles: [{ id: "kb-133", title: "Returns after 30 days: store credit for unopened items" }] } },
    ];
    return { prompt, calls, good: `The 30-day window has passed, but an unopened ${product} can still come back for store credit; I've emailed you the label.`, bad: `I've issued a full refund for the ${product}.` };
  },

  business_order(rnd) {
    const n = rnd.int(10, 80);
    const product = rnd.pick(PRODUCTS);
    const prompt = rnd.pick([
      `Our office wants ${n} of the ${product}. Do you do volume pricing and can you invoice the company?`,
      `Buying ${n} units of the ${product} for the team: is there a business account with net-30 terms?`,
    ]);
    const calls = [{ tool: "search_kb", arguments: { query: "business accounts volume pricing" }, result: { articles: [{ id: "kb-701", title: "Business accounts: 5% off 10+ units, invoicing" }] } }];
    return { prompt, calls, good: `Orders of 10 or more get 5% off with a business account, and we can invoice on net-30 terms; I've sent you the sign-up link.`, bad: `We only sell to individuals.` };
  },
};

const WORLD_STATES = ["nominal", "entity missing", "entity already acted on", "stale data"];
const STANCES = ["cooperative", "frustrated", "terse", "confused"];

/** The coverage cell the simulator aimed a rollout at. */
export function simulatorAxes(rnd) {
  return { world_state: rnd.pick(WORLD_STATES), stance: rnd.pick(STANCES) };
}

/** One simulated support rollout as a canonical row; the simulator's grader passes most right answers. */
export function simulatedRow(rnd, index) {
  const intent = rnd.pick(Object.keys(INTENTS));
  const { prompt, calls, good, bad } = INTENTS[intent](rnd);
  const right = rnd.chance(0.8);
  // The simulator's grader is right about 95% of the time.
  const passed = right ? rnd.chance(0.95) : rnd.chance(0.05);
  const steps = [{ user: prompt }, ...calls.map(({ tool, arguments: args, result }) => ({ tool, arguments: args, result })), { text: right ? good : bad }];
  return {
    scenario_id: `sim-${String(index + 1).padStart(4, "0")}`,
    axes: simulatorAxes(rnd),
    prompt,
    steps,
    final_text: right ? good : bad,
    reward: passed ? 1 : 0,
  };
}
