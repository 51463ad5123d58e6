import { WhileaiError } from "../whileai-error.js";

const marker = Symbol.for("@whileai/traces/PyJsonError");

/** Raised where Python's `json.loads` raises (`json.JSONDecodeError`), for text that is not JSON. */
export class PyJsonError extends WhileaiError {
  override readonly name = "PyJsonError";

  private get [marker](): true {
    return true;
  }

  static override isInstance(value: unknown): value is PyJsonError {
    return WhileaiError.hasMarker(value, marker);
  }
}
