/**
 * The dataset purposes and modes the platform accepts, for `.choices()` of `--purpose` and `--mode`.
 * They mirror `PURPOSES` and `MODES` of @whileai/platform, whose entry loads undici and zod: too
 * heavy to import just to declare an option. `choices.test.ts` fails if the two lists drift apart.
 */
export const PURPOSES = ["train", "holdout", "eval"] as const;
export const MODES = ["explore", "sft", "rl", "adaptive"] as const;
