/** Grading helpers shared with the Python SDK's `score/grading.py`: fault chips and behaviour signatures. */
export { asDict } from "./as-dict.js";
export { faultFromPlan, faultFromResult, normalizeFaultName, stepFaulted, traceFault } from "./fault.js";
export { behaviorPayload, behaviorSignature, payloadSignature, signatureCache } from "./behavior-signature.js";
