/**
 * Tool calls seen in model messages become steps when no tool span records them, and are
 * bound to their answers by call id. A call is the same as a tool span's when the ids match,
 * or, for a span that carries no call id, when the names match (each such span absorbs one
 * call). A call id seen once is never stepped again: every later input repeats the history.
 * Answers without an id are not bound, for the same reason.
 *
 * Calls come from a model call's output, and from the assistant messages of its input history
 * (`historySteps`), which is all a capture holds when it kept only the last model call of a
 * loop. A history call whose id some output of the conversation records is left to that output
 * (a run span's history is read before the model spans that made its calls), and a history call
 * absorbs a span without an id only when the outputs still to come leave one spare. A history call
 * without an id is told apart by its place: the k-th such call with one name and arguments in a
 * history is the k-th ever handled with them, so a repeated history steps nothing twice.
 */
import * as py from "@whileai/hash-embed/internal";
import type { ToolCall, ToolResponse } from "./conventions/message.js";
import type { ToolStep } from "./tool-span.js";

export class ToolBinding {
  private readonly spanIds = new Set<string>();
  private readonly spansWithoutId = new Map<string, number>();
  private readonly seen = new Set<string>();
  private readonly open = new Map<string, ToolStep>();
  private readonly textArguments = new Map<string, ToolStep[]>();
  /** How many calls without an id were handled (stepped or absorbed), by name and arguments. */
  private readonly handledWithoutId = new Map<string, number>();
  private readonly outputIds = new Set<string>();
  /** Output calls by name that have not reached the walk yet: they come first for spans without an id. */
  private readonly pendingOutputs = new Map<string, number>();

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

  /** Registers a call some output of the conversation makes, after the spans, before the walk starts. */
  addOutputCall(call: ToolCall): void {
    if (call.id && (this.spanIds.has(call.id) || this.outputIds.has(call.id))) return;
    if (call.id) this.outputIds.add(call.id);
    this.pendingOutputs.set(call.name, (this.pendingOutputs.get(call.name) ?? 0) + 1);
  }

  /** The step for a call from an output message, or null when it is already a step. */
  stepFor(call: ToolCall): ToolStep | null {
    return this.handle(call, false);
  }

  private handle(call: ToolCall, fromHistory: boolean): ToolStep | null {
    if (call.id && (this.spanIds.has(call.id) || this.seen.has(call.id))) return null;
    if (!call.id) {
      const key = withoutIdKey(call);
      this.handledWithoutId.set(key, (this.handledWithoutId.get(key) ?? 0) + 1);
    }
    const pending = this.pendingOutputs.get(call.name) ?? 0;
    if (!fromHistory && pending > 0) this.pendingOutputs.set(call.name, pending - 1);
    const unmatched = (this.spansWithoutId.get(call.name) ?? 0) - (fromHistory ? pending : 0);
    if (unmatched > 0) {
      this.spansWithoutId.set(call.name, (this.spansWithoutId.get(call.name) ?? 0) - 1);
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

  /** The steps of one input history's calls, aligned with `calls` (null: already a step). */
  historySteps(calls: readonly ToolCall[]): (ToolStep | null)[] {
    const occurrences = new Map<string, number>();
    return calls.map((call) => {
      if (call.id) return this.outputIds.has(call.id) ? null : this.handle(call, true);
      const key = withoutIdKey(call);
      const occurrence = (occurrences.get(key) ?? 0) + 1;
      occurrences.set(key, occurrence);
      if (occurrence <= (this.handledWithoutId.get(key) ?? 0)) return null;
      return this.handle(call, true);
    });
  }

  /** Gives a step made from a call its answer; the first answer seen stays. */
  bind(response: ToolResponse): void {
    const step = response.id ? this.open.get(response.id) : undefined;
    if (!step) return;
    step.result = response.response;
    this.open.delete(response.id);
  }
}

function withoutIdKey(call: ToolCall): string {
  let args: string;
  try {
    args = py.pyJsonDumps(call.arguments);
  } catch {
    // A value JSON cannot write (decoded from an odd AnyValue) still has one text per value.
    args = py.pyStr(call.arguments);
  }
  return call.name + "\u0000" + args;
}
