/**
 * The attribute keys the Python `rows_from_otel` reads (platform-and-otel.md §5.1). Each tuple
 * is tried in order and the first present value wins, so the order is part of the behaviour.
 */
export const MESSAGE_KEYS = ["gen_ai.input.messages", "gen_ai.prompt", "llm.input_messages"] as const;
export const OUTPUT_KEYS = ["gen_ai.output.messages", "gen_ai.completion", "llm.output_messages"] as const;
export const TOOL_IN_KEYS = ["gen_ai.tool.call.arguments", "gen_ai.tool.input", "tool.input"] as const;
export const TOOL_OUT_KEYS = ["gen_ai.tool.call.result", "gen_ai.tool.output", "tool.output"] as const;
export const TOOL_NAME_KEYS = ["gen_ai.tool.name", "tool.name"] as const;
export const USAGE_IN_KEYS = ["gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens", "llm.token_count.prompt", "llm.usage.prompt_tokens"] as const;
export const USAGE_OUT_KEYS = ["gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens", "llm.token_count.completion", "llm.usage.completion_tokens"] as const;
export const CONVERSATION_KEYS = [
  ...["gen_ai.conversation.id", "conversation.id", "session.id", "gen_ai.session.id", "thread.id"],
  // Vercel AI SDK metadata (AI_SDK_METADATA_PREFIXES), after Python's keys so it decides only where they are unset.
  ...["ai.telemetry.metadata.conversationId", "ai.telemetry.metadata.sessionId", "ai.telemetry.metadata.threadId"],
  ...["ai.settings.context.conversationId", "ai.settings.context.sessionId", "ai.settings.context.threadId"],
] as const;
export const REWARD_KEYS = ["whileai.reward"] as const;
export const MODEL_VERSION_KEYS = ["zeroproof.model_version"] as const;
export const MODEL_KEYS = ["gen_ai.request.model"] as const;
export const TOOL_STATUS_KEYS = ["gen_ai.tool.status"] as const;
export const TOOL_ERROR_STATUSES: ReadonlySet<string> = new Set(["error", "failed", "failure"]);
export const EXCEPTION_MESSAGE_KEY = "exception.message";
export const REWARD_RANGE = [0.0, 1.0] as const;
export const MS_TO_NS = 1_000_000n;
export const SCHEMA_VERSION = "1";

/** Keys that carry a tool call's id on an `execute_tool` span (ours, to bind calls seen in messages). */
export const TOOL_CALL_ID_KEYS = ["gen_ai.tool.call.id", "tool_call.id", "tool.id", "ai.toolCall.id"] as const;

/**
 * Vercel AI SDK: the free-form values a caller attaches to every span, `metadata` in SDK 4-6
 * (`experimental_telemetry.metadata`) and the opted-in runtime context in SDK 7's
 * `@ai-sdk/otel`. We read a conversation id (`conversationId`, `sessionId`, `threadId`, the
 * names tracing vendors document for it) and a reward (vercel-ai.ts) from them, nothing else.
 */
export const AI_SDK_METADATA_PREFIXES = ["ai.telemetry.metadata.", "ai.settings.context."] as const;
// emitters without a Python reading.
/** Tool call ids in an emitter's own key (LiveKit `function_tool` spans), after `TOOL_CALL_ID_KEYS`. */
export const EMITTER_TOOL_CALL_ID_KEYS = ["lk.function_tool.id"] as const;
