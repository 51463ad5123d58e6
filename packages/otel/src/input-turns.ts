/**
 * One input read as it happened: its user texts in order, with the steps of the history's tool
 * calls placed after the texts that came before them. Calls a tool span or an earlier output
 * already recorded give no step (tool-binding.ts).
 */
import type { MessageRead } from "./conventions/message.js";
import type { ToolBinding } from "./tool-binding.js";
import type { ToolStep } from "./tool-span.js";

export function inputTurns(input: MessageRead, binding: ToolBinding): (string | ToolStep)[] {
  const calls = input.historyCalls;
  const steps = binding.historySteps(calls);
  const turns: (string | ToolStep)[] = [];
  let next = 0;
  const stepsUpTo = (turn: number) => {
    for (; next < calls.length && calls[next].turn <= turn; next++) {
      const step = steps[next];
      if (step) turns.push(step);
    }
  };
  input.texts.forEach((text, i) => {
    stepsUpTo(i);
    turns.push(text);
  });
  stepsUpTo(Infinity);
  return turns;
}
