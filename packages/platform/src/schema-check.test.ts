import { describe, expect, it } from "vitest";
import { schemaCheck } from "./schema-check.js";

describe("schemaCheck", () => {
  it("names at most five bad rows, by index, with every problem of each", () => {
    const rows = [{ ok: 1 }, 1, {}, null, "x", [], { schema_version: "2" }, 5];
    expect(() => schemaCheck(rows, "push_rows")).toThrow("schema_invalid in push_rows: 1:not_a_dict; 2:empty_row; 3:not_a_dict; 4:not_a_dict; 5:not_a_dict");
  });
  it("type-checks rows stamped schema_version 1 (int or str) and reports an unknown version", () => {
    expect(() => schemaCheck([{ schema_version: 1, prompt: 3, reward: true }], "w")).toThrow("schema_invalid in w: 0:prompt_not_str,reward_not_number");
    expect(() => schemaCheck([{ schema_version: 2 }], "w")).toThrow("schema_invalid in w: 0:unknown_schema_version:2");
    expect(() => schemaCheck([{ schema_version: "1", prompt: "p", steps: [], final_text: "", reward: 0.5 }, { prompt: 3 }], "w")).not.toThrow();
  });
});
