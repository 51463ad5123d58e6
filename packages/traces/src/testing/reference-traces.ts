/**
 * Test fixture: the five order-desk traces of the Python SDK's tests/generate/test_traces.py
 * (traces-helpers.md §6.1), which the reference's worked examples are computed on.
 */
export function trace(prompt: string, tool: string, status: string, reward: number | null) {
  return {
    prompt,
    steps: [{ tool, arguments: { order_id: "ord_11" }, result: { status } }],
    final_text: status !== "ok" ? "I could not find that order." : "Order ord_11 is confirmed.",
    reward,
  };
}

export const TRACES = [
  trace("where is order 4412", "lookup_order", "not_found", 0),
  trace("check on my order pls", "lookup_order", "not_found", 0),
  trace("refund order 9911 now", "create_refund", "timeout", 1),
  trace("status of order 130", "lookup_order", "ok", 1),
  trace("refund my double charge", "create_refund", "ok", 1),
];
