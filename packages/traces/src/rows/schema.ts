/**
 * The canonical trace row every loader produces and every analysis reads (traces.md §3.1), as
 * zod schemas so callers can check rows at their own boundary, and as the TypeScript types.
 * Extra keys always pass through: a row carries its source columns (`messages`, `score`, ids)
 * next to the canonical ones.
 */
import * as z from "zod/mini";

/** A user turn: `{ user: "Where is order 1?" }`. */
export const UserStepSchema = z.looseObject({ user: z.string() });

/** A tool call. `arguments` is usually an object, but a source may give a string; `result` is absent until the call is answered. */
export const ToolStepSchema = z.looseObject({ tool: z.string(), arguments: z.unknown(), result: z.optional(z.unknown()) });

/** An agent text turn: `{ text: "Order 2 ok" }`. */
export const TextStepSchema = z.looseObject({ text: z.string() });

/**
 * A step kept as the source wrote it. `loadTraces` only renames tool-step aliases and never
 * converts values, so a source step such as `{ user: 5 }` or `{ tool: "x" }` (no arguments)
 * reaches the row unchanged; the schema has to admit it for the output to validate.
 */
export const OtherStepSchema = z.record(z.string(), z.unknown());

export const StepSchema = z.union([ToolStepSchema, UserStepSchema, TextStepSchema, OtherStepSchema]);

export const TraceRowSchema = z.looseObject({
  /** The first user ask; `""` when none was found (the row then has steps). */
  prompt: z.string(),
  steps: z.array(StepSchema),
  final_text: z.string(),
  /** The binary label; absent when the row carries none. */
  reward: z.optional(z.union([z.literal(0), z.literal(1)])),
});

export type UserStep = z.infer<typeof UserStepSchema>;
export type ToolStep = z.infer<typeof ToolStepSchema>;
export type TextStep = z.infer<typeof TextStepSchema>;
export type OtherStep = z.infer<typeof OtherStepSchema>;
export type Step = z.infer<typeof StepSchema>;
export type TraceRow = z.infer<typeof TraceRowSchema>;
