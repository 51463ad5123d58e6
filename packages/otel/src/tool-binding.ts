/**
 * Tool calls seen in model output messages become steps when no tool span records them, and
 * are bound to their answers by call id. A call is the same as a tool span's when the ids
 * match, or, for a span that carries no call id, when the names match (each such span
 * absorbs one call). A call id seen once is never stepped again: every later input repeats
 * the history. Answers without an id are not bound, for the same reason.
 */
import type { ToolCall, ToolResponse } from "./conventions/message.js";
import type { ToolStep } from "./tool-span.js";

export class ToolBinding {
  private readonly spanIds = new Set<string>();
  private readonly spansWithoutId = new Map<string, number>();
  private readonly seen = new Set<string>();
  private readonly open = new Map<string, ToolStep>();
  private readonly textArguments = new Map<string, ToolStep[]>();

  /**
   * Registers a tool span of the conversation before the walk starts. `textArguments`: the
   * span's step, when its arguments are only a text rendering (LangChain's `"Paris"`) that the
   * call it absorbs states exactly; spans and calls of one name pair up in time order.
   */
  addSpan(name: string, id: string, textArguments?: ToolStep): void {
    if (id) this.spanIds.add(id);
    else this.spansWithoutId.set(name, (this.spansWithoutId.get(name) ?? 0) + 1);
    if (!id && textArguments) this.textArguments.set(name, [...(this.textArguments.get(name) ?? []), textArguments]);
  }

  /** The step for a call from an output message, or null when it is already a step. */
  stepFor(call: ToolCall): ToolStep | null {
    if (call.id && (this.spanIds.has(call.id) || this.seen.has(call.id))) return null;
    const unmatched = this.spansWithoutId.get(call.name) ?? 0;
    if (unmatched > 0) {
      this.spansWithoutId.set(call.name, unmatched - 1);
      const lossy = this.textArguments.get(call.name)?.shift();
      if (lossy) lossy.arguments = call.arguments;
      if (call.id) this.seen.add(call.id);
      return null;
    }
    const step: ToolStep = { tool: call.name, arguments: call.arguments, result: null };
    if (call.id) {
      this.seen.add(call.id);
      this.open.set(call.id, step);
    }
    return step;
  }

  /** Gives a step made from a call its answer; the first answer seen stays. */
  bind(response: ToolResponse): void {
    const step = response.id ? this.open.get(response.id) : undefined;
    if (!step) return;
    step.result = response.response;
    this.open.delete(response.id);
  }
}
