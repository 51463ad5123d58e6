/**
 * Test helper: the checks every public error class of the packages passes (the `WhileaiError`
 * pattern), shared by each package's `errors.test.ts`.
 *
 * The second copy is the class's built module loaded under a URL of its own (`?second-copy`):
 * Node makes it a module instance with classes of its own, as a second install of the package
 * would be, so `instanceof` fails across the two and only the markers can tell.
 */
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { isWhileaiError } from "@whileai/hash-embed";

/** Typed by shape: a package's classes extend the built `WhileaiError`, not this source's. */
export interface ErrorClass {
  new (...args: never[]): Error;
  isInstance(value: unknown): boolean;
}

export interface ErrorClassCase<C extends ErrorClass = ErrorClass> {
  /** The class's stable `name`, also its export name. */
  name: string;
  Class: C;
  /** The built file that defines and exports the class, e.g. `new URL("../dist/errors.js", import.meta.url)`. */
  built: URL;
  /** An instance made with `Class`, this copy's or the second copy's (a method: each case types its own class). */
  make(Class: C): Error;
}

/** One `describe` per class: recognised across copies, a same-named plain `Error` is not, and no class claims another's errors. */
export function describeErrorClasses(cases: readonly ErrorClassCase[]): void {
  for (const { name, Class, built, make } of cases) {
    describe(name, () => {
      it("is recognised by its own isInstance and by isWhileaiError", () => {
        const error = make(Class);
        expect(error).toBeInstanceOf(Class);
        expect(error).toBeInstanceOf(Error);
        expect(Class.isInstance(error)).toBe(true);
        expect(isWhileaiError(error)).toBe(true);
        // `isInstance` keeps working when passed around unbound.
        expect([error].filter(Class.isInstance)).toEqual([error]);
      });

      it(`is named "${name}" whatever its class is called, as "${name}: message" prints it`, () => {
        const error = make(Class);
        expect(error.name).toBe(name);
        expect(String(error)).toBe(`${name}: ${error.message}`);
        // A minifier renames classes: `name` must not come from the constructor.
        const Renamed = class extends (Class as unknown as new (...args: unknown[]) => Error) {};
        expect(Renamed.name).not.toBe(name);
        expect(make(Renamed as unknown as ErrorClass).name).toBe(name);
      });

      it("is not a plain Error given the same name, nor anything else", () => {
        const impostor = Object.assign(new Error(make(Class).message), { name });
        expect(Class.isInstance(impostor)).toBe(false);
        expect(isWhileaiError(impostor)).toBe(false);
        for (const value of [null, undefined, name, 0, {}, { name }]) expect(Class.isInstance(value)).toBe(false);
      });

      it("is recognised when made by a second copy of its module, where instanceof fails", async () => {
        const copy = (await import(`${built.href}?second-copy`)) as Record<string, ErrorClass>;
        const Copy = copy[name]!;
        expect(Copy).toBeTypeOf("function");
        expect(Copy).not.toBe(Class);
        const foreign = make(Copy);
        expect(foreign).not.toBeInstanceOf(Class);
        expect(Class.isInstance(foreign)).toBe(true);
        expect(isWhileaiError(foreign)).toBe(true);
        expect(Copy.isInstance(make(Class))).toBe(true);
      });

      it("keeps its markers off the printed error", () => {
        const error = make(Class);
        expect(Object.getOwnPropertySymbols(error)).toEqual([]);
        expect(inspect(error)).not.toContain("Symbol(");
      });
    });
  }

  describe("one class does not claim another's errors", () => {
    it.each(cases.map((c) => [c.name, c] as const))("%s", (_, { Class }) => {
      for (const other of cases) if (other.Class !== Class) expect(Class.isInstance(other.make(other.Class)), other.name).toBe(false);
    });
  });
}
