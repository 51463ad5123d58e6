import { describe, expect, it } from "vitest";
import { decodeAttributes } from "../attributes.js";
import { langChainTextArguments, langChainToolResult, langChainToolStatus } from "./langchain-tool.js";

const toolMessage = (kwargs: Record<string, unknown>) => ({ output: { lc: 1, type: "constructor", id: ["langchain_core", "messages", "ToolMessage"], kwargs } });

describe("LangChain tool runs under OpenInference", () => {
  it("unwraps the ToolMessage content and its error status", () => {
    expect(langChainToolResult(toolMessage({ content: '{"ok":true}', status: "success" }))).toEqual({ ok: true });
    expect(langChainToolStatus(toolMessage({ content: "boom", status: "error" }))).toBe("error");
    expect(langChainToolResult({ output: "plain" })).toEqual({ output: "plain" });
  });

  it("marks text-rendered arguments only on a LangChain tool run", () => {
    const output = JSON.stringify(toolMessage({ content: "x" }));
    expect(langChainTextArguments(decodeAttributes({ "input.value": "Paris", "input.mime_type": "text/plain", "output.value": output }))).toBe(true);
    expect(langChainTextArguments(decodeAttributes({ "input.value": '{"city":"Paris"}', "input.mime_type": "application/json", "output.value": output }))).toBe(false);
    expect(langChainTextArguments(decodeAttributes({ "input.value": "Paris", "input.mime_type": "text/plain", "output.value": "x" }))).toBe(false);
  });
});
