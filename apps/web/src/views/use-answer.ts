/**
 * The answer to a question asked off the page's thread (row-questions.ts), for the inputs now on
 * screen: asked again whenever they change, and an answer to inputs since replaced is never shown.
 * Until the new answer comes the previous one stays on screen, `pending` saying it is being
 * replaced (a live snapshot or a relabel must not blank the view and lose its scroll).
 */
import { useEffect, useRef, useState } from "preact/hooks";

export interface Answered<T> {
  /** The latest answer, or null before the first one. */
  answer: T | null;
  /** True from the render the inputs change in until their answer is on screen. */
  pending: boolean;
  /** Why the latest question could not be answered (the worker failed, or a new file replaced this one). */
  failure: string | null;
}

export function useAnswer<T>(ask: () => Promise<T>, inputs: readonly unknown[]): Answered<T> {
  const [state, setState] = useState<{ answer: T | null; failure: string | null; for: readonly unknown[] | null }>({ answer: null, failure: null, for: null });
  const asked = useRef(0);
  useEffect(() => {
    const mine = ++asked.current;
    ask().then(
      (answer) => asked.current === mine && setState({ answer, failure: null, for: inputs }),
      (error: Error) => asked.current === mine && setState({ answer: null, failure: error.message, for: inputs }),
    );
  }, inputs);
  const answered = state.for !== null && state.for.length === inputs.length && state.for.every((input, i) => Object.is(input, inputs[i]));
  return { answer: state.answer, pending: !answered, failure: answered ? state.failure : null };
}
