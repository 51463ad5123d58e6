import { describe, expect, it } from "vitest";
import { fixed0 } from "./upload.js";

describe("fixed0", () => {
  it("rounds half to even as Python's :.0f", () => {
    expect([0.5, 1.5, 2.5, 0.4999, 117.0, 0.000064, 588.0].map(fixed0)).toEqual(["0", "2", "2", "0", "117", "0", "588"]);
  });
});
