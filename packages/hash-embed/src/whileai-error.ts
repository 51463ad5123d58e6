/**
 * The base of every error the whileai packages throw on purpose (bad input, a refusing server):
 * their messages are written for users, so an app can show them as they are.
 *
 * Classes are recognised by markers, not `instanceof`: two copies of a package in one process (a
 * dual install, a bundler that duplicates it) hold two classes of the same name, and `instanceof`
 * fails across them, while `Symbol.for` gives both copies the same symbol. Each class carries its
 * own marker and this shared one, each on its prototype (not enumerable, so not printed).
 *
 * The pattern, for a new error class:
 *
 * ```ts
 * const marker = Symbol.for("@whileai/<package>/<ClassName>");
 * export class ClassName extends WhileaiError {
 *   override readonly name = "ClassName";
 *   private get [marker](): true { return true; }
 *   static override isInstance(value: unknown): value is ClassName {
 *     return WhileaiError.hasMarker(value, marker);
 *   }
 * }
 * ```
 */

const marker = Symbol.for("@whileai/WhileaiError");

export class WhileaiError extends Error {
  override readonly name: string = "WhileaiError";

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
  }

  private get [marker](): true {
    return true;
  }

  /** True for an error of any whileai package, from any copy of it. */
  static isInstance(value: unknown): value is WhileaiError {
    return WhileaiError.hasMarker(value, marker);
  }

  /** Whether `value` carries `marker`: what each subclass's `isInstance` asks. */
  protected static hasMarker(value: unknown, marker: symbol): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[marker] === true;
  }
}

/** True for an error of any whileai package, from any copy of it (`WhileaiError.isInstance`). */
export function isWhileaiError(value: unknown): value is WhileaiError {
  return WhileaiError.isInstance(value);
}
