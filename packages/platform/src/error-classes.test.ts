import { describeErrorClasses } from "../../traces/src/testing/error-classes.js";
import { publishGate, PublishGateError } from "./gate/publish-gate.js";
import { PlatformError } from "./platform-error.js";

const built = (path: string) => new URL(`../dist/${path}`, import.meta.url);
// A task run twice that always passes: RL-shaped with no mixed group, which the gate refuses.
const refused = publishGate([{ prompt: "a", reward: 1 }, { prompt: "a", reward: 1 }], { strict: false });

describeErrorClasses([
  {
    name: "PlatformError",
    Class: PlatformError,
    built: built("platform-error.js"),
    make: (C: typeof PlatformError) => new C("GET https://api.example/datasets -> 403: denied", { status: 403, method: "GET", url: "https://api.example/datasets", detail: "denied" }),
  },
  { name: "PublishGateError", Class: PublishGateError, built: built("gate/publish-gate.js"), make: (C: typeof PublishGateError) => new C(refused.refusal!, refused) },
]);
