import { MODES as PLATFORM_MODES, PURPOSES as PLATFORM_PURPOSES } from "@whileai/platform";
import { describe, expect, it } from "vitest";
import { MODES, PURPOSES } from "./choices.js";

describe("the --purpose and --mode choices", () => {
  it("are the platform's own lists", () => {
    expect(PURPOSES).toEqual(PLATFORM_PURPOSES);
    expect(MODES).toEqual(PLATFORM_MODES);
  });
});
