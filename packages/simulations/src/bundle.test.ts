// Tree-shaking and the browser: the umbrella re-exports by name with `sideEffects: false`, so a
// bundler keeps only what an app imports, and its browser entry pulls in no Node built-in.
import { build, type Metafile } from "esbuild";
import { describe, expect, it } from "vitest";

const ROOT = new URL("../../../", import.meta.url).pathname;
// Strings only the platform client (its missing-credential message) and rowsFromOtel (the OTLP
// JSON key it walks) contain, so their presence in a bundle shows that code was kept.
const PLATFORM_MARKER = "No credential. Run `whileai login`";
const OTEL_MARKER = "resourceSpans";

/** Bundles `source` for the browser as an app of this repository would; the code and the files that ended up in it. */
async function bundleForBrowser(source: string): Promise<{ code: string; files: string[] }> {
  const result = await build({
    stdin: { contents: source, resolveDir: ROOT, loader: "js" },
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    metafile: true,
    logLevel: "silent",
  });
  const [output] = Object.values((result.metafile as Metafile).outputs);
  const files = Object.entries(output!.inputs).filter(([, input]) => input.bytesInOutput > 0).map(([file]) => file);
  return { code: result.outputFiles[0]!.text, files };
}

describe("@whileai/simulations in a browser bundle", () => {
  it("keeps only what is imported: loadTraces brings neither the platform client nor the OpenTelemetry reader", async () => {
    const { code, files } = await bundleForBrowser(`import { loadTraces } from "@whileai/simulations"; console.log(loadTraces([{ prompt: "hi", final_text: "ok" }]));`);
    expect(code).not.toContain(PLATFORM_MARKER);
    expect(code).not.toContain(OTEL_MARKER);
    expect(files.filter((file) => /packages\/(platform|otel)\//.test(file))).toEqual([]);
    expect(files.some((file) => file.startsWith("packages/traces/"))).toBe(true);
  });

  it("does keep them when they are imported (the markers are real)", async () => {
    const { code, files } = await bundleForBrowser(`import { pushRows, rowsFromOtel } from "@whileai/simulations"; console.log(pushRows, rowsFromOtel);`);
    expect(code).toContain(PLATFORM_MARKER);
    expect(code).toContain(OTEL_MARKER);
    expect(files.some((file) => file.startsWith("packages/platform/"))).toBe(true);
  });

  it("bundles whole for the browser, without Node built-ins, and gives every name but pushFile and JsonlLineError", async () => {
    const { code, files } = await bundleForBrowser(`export * from "@whileai/simulations";`);
    // A Node built-in would fail the build above ("node:fs" cannot be resolved for the browser).
    expect(files.filter((file) => /\/node\/|undici|^node:/.test(file))).toEqual([]);
    // None of the 39 uses the Hugging Face Hub client (it lives in @whileai/platform/hub), and no
    // alias was needed to bundle: the platform's main entry does not import it.
    expect(files.filter((file) => file.includes("@huggingface/hub"))).toEqual([]);
    const entry = (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as Record<string, unknown>;
    // 38 of the 39 names, and 5 of the 6 error names.
    expect(Object.keys(entry)).toHaveLength(38 + 5);
    expect(entry["pushFile"]).toBeUndefined();
    expect(entry["JsonlLineError"]).toBeUndefined();
    for (const name of Object.keys(entry)) expect(typeof entry[name], name).toBe("function");
  });
});
