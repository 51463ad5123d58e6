/**
 * Emitters that write every attribute value as JSON text (MLflow's span attributes, Genkit's
 * `genkit:input` / `genkit:output`): a JSON string `"\"hi\""` is the text `hi`, which `_parse`
 * leaves quoted because it only parses containers. Text that is not JSON comes back unchanged.
 */
import * as py from "@whileai/hash-embed/internal";

export function jsonText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  return py.pyJsonLoadsOr(py.pyStrip(value), value);
}
