/**
 * The OpenAI Agents SDK records a tool that threw as an ordinary `function_call_result` whose
 * text is its default error message (`defaultToolErrorFunction` in @openai/agents-core, 0.x), so
 * that text is the only mark of the failure. A tool with its own `errorFunction` writes other
 * text, which reads as a plain result.
 */
const DEFAULT_TOOL_ERROR = "An error occurred while running the tool. Please try again.";

type Dict = Record<string, unknown>;

/** Whether an output item is the SDK's record of a tool that threw. */
export function isAgentsToolError(item: Dict, text: string): boolean {
  return item.type === "function_call_result" && text.startsWith(DEFAULT_TOOL_ERROR);
}
