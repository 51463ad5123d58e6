import { writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { example, runWai, tempDir } from "../testing/run-wai.js";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe("wai report", () => {
  it("prints the text report of a file", async () => {
    const result = await runWai(["report", example("support-canonical.jsonl")]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(`wai: ${example("support-canonical.jsonl")}: rows-jsonl (JSON Lines of trajectory rows), 80 rows\n`);
    expect(result.stdout).toMatch(/^traces: +80\n/);
    expect(result.stdout).toContain("graded:             69 (pass 51 / fail 18), ungraded 8, labelled but not 0/1 3");
    expect(result.stdout).toContain("lookup_order x52 (5 calls faulted)");
    // The report's warnings name a numeric column and 0.5 labels; their hints name the flags that read them.
    expect(result.stdout).toContain(
      "warning: 8 rows carry no label under reward, but they do carry numbers: handle_time_s (on 8 rows). If one of those is your grader's score, name it with --reward-key <column> (and --threshold <bar> unless it is 0/1).\n",
    );
    expect(result.stdout).toContain("Binarising needs a bar and the bar is yours, not the SDK's: pass --threshold <bar> to read them as labels.\n");
    expect(result.stdout).toMatch(/\ngrid emphasis: computed against the agent's tools at simulate time \(pass --tools <file> to preview it here\)\n$/);
    expect(result.stdout).not.toMatch(/reward_key|threshold=|tools=|load_traces|trace_report/);
  });

  it("--json keeps the report's warnings as both SDKs write them", async () => {
    const report = JSON.parse((await runWai(["report", example("support-canonical.jsonl"), "--json"])).stdout) as { warnings: string[] };
    expect(report.warnings[0]).toMatch(/name it: load_traces\(traces, reward_key='\.\.\.'\) or trace_report\(traces, reward_key='\.\.\.'\)\.$/);
    expect(report.warnings[1]).toMatch(/pass threshold= to read them as labels\.$/);
  });

  it("names --reward-key for a legacy qwen_reward label, and prints no separate deprecation", async () => {
    const file = tmp.path("qwen.jsonl");
    writeFileSync(file, `${JSON.stringify({ prompt: "Where is order 7?", final_text: "Shipped.", qwen_reward: 1 })}\n`);
    const result = await runWai(["report", file]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("a key named after one model that this path reads for one more release. Name the column instead: --reward-key qwen_reward.\n");
    expect(result.stderr).not.toContain("Deprecation");
  });

  it.each([
    ["support-canonical.parquet", "parquet (Apache Parquet, as the Hugging Face Hub serves every dataset)"],
    ["support-canonical.csv", "csv (CSV with a header row)"],
    ["support-canonical.arrow", "arrow-file (Apache Arrow IPC file (Feather v2))"],
  ])("prints for examples/tabular/%s the report it prints for the JSON Lines file", async (name, readAs) => {
    // The same 80 rows as DuckDB (Parquet, CSV) and apache-arrow wrote them.
    const jsonl = await runWai(["report", example("support-canonical.jsonl")]);
    const table = await runWai(["report", example(`tabular/${name}`)]);
    expect(table.code).toBe(0);
    expect(table.stdout).toBe(jsonl.stdout);
    // Only the line saying what the input was read as differs.
    const [first, ...rest] = table.stderr.split("\n");
    expect(first).toBe(`wai: ${example(`tabular/${name}`)}: ${readAs}, 80 rows`);
    expect(rest).toEqual(jsonl.stderr.split("\n").slice(1));
    const json = JSON.parse((await runWai(["report", example(`tabular/${name}`), "--json"])).stdout) as Record<string, unknown>;
    const jsonJsonl = JSON.parse((await runWai(["report", example("support-canonical.jsonl"), "--json"])).stdout) as Record<string, unknown>;
    expect({ ...json, inputs: undefined }).toEqual({ ...jsonJsonl, inputs: undefined });
  });

  it("reads several inputs of different formats as one batch", async () => {
    const result = await runWai(["report", example("support-canonical.jsonl"), example("otel/genai.otlp.pb")]);
    expect(result.code).toBe(0);
    // Each input's format is told by its content, and said.
    expect(result.stderr).toContain(`wai: ${example("otel/genai.otlp.pb")}: otlp-protobuf (OpenTelemetry OTLP protobuf), 1 row\n`);
    expect(result.stdout).toMatch(/^traces: +81\n/);
    expect(result.stdout).toContain("search_orders x1");
  });

  it("--json gives the traceReport object, then the inputs", async () => {
    const result = await runWai(["report", example("openai-messages.jsonl"), "--json"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    const report = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(report)).toEqual([
      "traces",
      "dropped",
      "unique_prompts",
      "tools_observed",
      "faults_observed",
      "world_states_observed",
      "distinct_behaviors",
      "graded",
      "passes",
      "fails",
      "ungraded",
      "non_binary_labels",
      "advisory_labels",
      "unread_numeric_columns",
      "warnings",
      "inputs",
    ]);
    expect(report.traces).toBe(70);
    expect(report.dropped).toBe(2);
    expect(report.inputs).toEqual([
      {
        input: example("openai-messages.jsonl"),
        format: "messages-jsonl",
        gzip: false,
        rows: 70,
        records: 72,
        dropped: { invalid_lines: 0, not_object: 0, no_signal: 2, left_out: 0, unreadable: 0 },
        half_read: 0,
        reasons: { "neither a prompt nor a step": 2 },
        problems: [
          { kind: "dropped", reason: "neither a prompt nor a step", line: 18 },
          { kind: "dropped", reason: "neither a prompt nor a step", line: 53 },
        ],
        invalid_lines: [],
      },
    ]);
  });

  it("--reward-key and --threshold read a numeric score as labels", async () => {
    const plain = JSON.parse((await runWai(["report", example("graded-by-score.jsonl"), "--json"])).stdout) as Record<string, number>;
    expect(plain.graded).toBe(0);
    const scored = JSON.parse((await runWai(["report", example("graded-by-score.jsonl"), "--reward-key", "score", "--threshold", "0.5", "--json"])).stdout) as Record<string, number>;
    expect(scored.graded).toBe(48);
    const text = await runWai(["report", example("graded-by-score.jsonl"), "--reward-key", "score", "--threshold", "0.5"]);
    expect(text.stderr).toBe(`wai: ${example("graded-by-score.jsonl")}: rows-jsonl (JSON Lines of trajectory rows), 48 rows\n`);
    expect(text.stdout).toMatch(/\ngraded: +48 \(pass 42 \/ fail 6\), ungraded 0\n/);
    expect(scored.passes + scored.fails).toBe(48);
  });

  it("an empty --reward-key is a usage error", async () => {
    const result = await runWai(["report", example("support-canonical.jsonl"), "--reward-key", ""]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("wai: option '--reward-key <key>' argument '' is invalid. expected a column name, got an empty string\n");
  });

  it("--tools and --policy add the emphasis and the foreign tools", async () => {
    const tools = tmp.path("tools.json");
    const fn = (name: string) => ({ type: "function", function: { name, parameters: { type: "object", properties: {} } } });
    writeFileSync(tools, JSON.stringify([fn("lookup_order"), fn("create_refund")]));
    const policy = tmp.path("policy.md");
    writeFileSync(policy, "# Refunds\nRefunds over $100 are escalated.\n");
    const json = JSON.parse((await runWai(["report", example("support-canonical.jsonl"), "--tools", tools, "--policy", policy, "--json"])).stdout) as {
      emphasis: Record<string, string[]>;
      foreign_tools: string[];
    };
    expect(json.emphasis).toEqual({ tool_condition: ["stale_result"] });
    expect(json.foreign_tools).toEqual(["update_address", "cancel_order", "get_customer", "search_kb", "get_refund_status", "escalate_ticket"]);
    // With every observed tool (the drafted harness), nothing is foreign and the tools gain weight.
    const harness = tmp.path("harness.json");
    expect((await runWai(["harness", example("support-canonical.jsonl"), "-o", harness])).code).toBe(0);
    const text = await runWai(["report", example("support-canonical.jsonl"), "--tools", harness, "--policy", policy]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("extra generation weight goes to: tools lookup_order, search_kb, update_address");
    expect(text.stdout).not.toContain("foreign");
  });

  it("a tools file that is not a list of schemas is exit 1 naming it", async () => {
    const tools = tmp.path("bad-tools.json");
    writeFileSync(tools, JSON.stringify({ name: "lookup_order" }));
    const result = await runWai(["report", example("support-canonical.jsonl"), "--tools", tools]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`wai: ${tools}: expected a JSON array of tool schemas, or an object with a "tools" array\n`);
    const missing = await runWai(["report", example("support-canonical.jsonl"), "--tools", tmp.path("none.json")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("none.json: no such file");
  });
});

describe("wai report on one capture of every source family", () => {
  // The format each examples/captures file holds, as its family's reader names it.
  const captures: Record<string, string> = {
    "claude-agent-sdk-stream.jsonl": "claude-stream-json",
    "claude-code-session.jsonl": "claude-code-jsonl",
    "openai-agents-state.json": "openai-agents-run-state",
    "openai-responses-items.jsonl": "openai-responses",
    "vercel-ai-6-messages.jsonl": "messages-jsonl",
    "vercel-ai-6-tool-loop.otlp.json": "otlp-json",
    "langfuse-agent-session.otlp.json": "otlp-json",
  };
  it.each(Object.entries(captures))("%s is read as %s, told by its content", async (file, format) => {
    const result = await runWai(["report", example(`captures/${file}`), "--json"]);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { traces: number; inputs: { format: string; rows: number }[] };
    expect(report.inputs[0].format).toBe(format);
    expect(report.traces).toBeGreaterThan(0);
    expect(report.inputs[0].rows).toBe(report.traces);
  });
});
