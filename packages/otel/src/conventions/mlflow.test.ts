import { describe, expect, it } from "vitest";
import { decodeAttributes } from "../attributes.js";
import { kv } from "../testing/otlp.js";
import { mlflowMessages, mlflowToolStep, mlflowUsage } from "./mlflow.js";

// MLflow writes each of its attribute values through json.dumps.
const attrs = (a: Record<string, unknown>) => decodeAttributes(kv(Object.fromEntries(Object.entries(a).map(([k, v]) => [k, JSON.stringify(v)]))));

describe("MLflow spans", () => {
  it("reads a CHAIN only when it carries messages: its plain input is often an intermediate prompt", () => {
    expect(mlflowMessages(attrs({ "mlflow.spanType": "CHAIN", "mlflow.spanInputs": "Summarise: ..." }), "user")).toBeNull();
    expect(mlflowMessages(attrs({ "mlflow.spanType": "CHAIN", "mlflow.spanInputs": { messages: [{ role: "user", content: "Hi" }] } }), "user")?.texts).toEqual(["Hi"]);
  });

  it("reads an AGENT's plain output, and a model span's plain input and output", () => {
    expect(mlflowMessages(attrs({ "mlflow.spanType": "AGENT", "mlflow.spanOutputs": "Done." }), "assistant")?.texts).toEqual(["Done."]);
    expect(mlflowMessages(attrs({ "mlflow.spanType": "AGENT", "mlflow.spanInputs": "q" }), "user")).toBeNull();
    expect(mlflowMessages(attrs({ "mlflow.spanType": "LLM", "mlflow.spanInputs": "Tell a joke" }), "user")?.texts).toEqual(["Tell a joke"]);
  });

  it("takes mlflow.chat.messages' last message as the output only when it is the assistant's", () => {
    const chat = [{ role: "user", content: "q" }];
    expect(mlflowMessages(attrs({ "mlflow.spanType": "CHAT_MODEL", "mlflow.chat.messages": chat }), "assistant")?.texts).toEqual([]);
    expect(mlflowMessages(attrs({ "mlflow.spanType": "CHAT_MODEL", "mlflow.chat.messages": chat }), "user")?.texts).toEqual(["q"]);
  });

  it("reads a TOOL span with an error status as a failure, and no usage from a non-finite count", () => {
    const span = { name: "get_weather", status: { code: "STATUS_CODE_ERROR" } };
    expect(mlflowToolStep(span, attrs({ "mlflow.spanType": "TOOL", "mlflow.spanInputs": { city: "Paris" } }))).toEqual({ tool: "get_weather", arguments: { city: "Paris" }, result: { status: "error", output: null } });
    expect(mlflowUsage(decodeAttributes(kv({ "mlflow.chat.tokenUsage": '{"input_tokens": Infinity, "output_tokens": 2}' })))).toEqual({ input: null, output: 2 });
    expect(mlflowToolStep(span, attrs({ "mlflow.spanType": "LLM" }))).toBeNull();
  });
});
