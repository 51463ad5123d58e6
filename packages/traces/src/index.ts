// Public surface of @whileai/traces. Each module adds its own export line.
export * as py from "./py/index.js";
export * from "./constants.js";
export { asNumber, binaryReward, labelFrom, labelKeys, labelState, labelStateOf, rowsPhrase } from "./labels.js";
export type { Label, LabelOptions, LabelState, LabelStatus, RewardKey } from "./labels.js";
export { asDict, behaviorSignature, faultFromPlan, faultFromResult, normalizeFaultName, stepFaulted, traceFault } from "./grading/index.js";
export { mineTraces } from "./mine.js";
export type { MinedTraces, MineOptions, ToolTally } from "./mine.js";
export { flawRows, splitPseudoProduction, taskIdentity, taskKey } from "./split.js";
export type { SplitOptions } from "./split.js";
export { openingShare } from "./opening.js";
