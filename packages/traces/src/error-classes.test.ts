import { EmbedHttpError } from "./leakage/http.js";
import { JsonlLineError } from "./node/jsonl-line-error.js";
import { PyJsonError } from "@whileai/hash-embed/internal";
import { describeErrorClasses } from "./testing/error-classes.js";

const built = (path: string) => new URL(`../dist/${path}`, import.meta.url);

describeErrorClasses([
  // Thrown by the shared json.loads, so defined in @whileai/hash-embed beside it.
  { name: "PyJsonError", Class: PyJsonError, built: new URL("../../hash-embed/dist/python/json-error.js", import.meta.url), make: (C: typeof PyJsonError) => new C("Expecting value at char 0") },
  {
    name: "JsonlLineError",
    Class: JsonlLineError,
    built: built("node/jsonl-line-error.js"),
    make: (C: typeof JsonlLineError) => new C({ file: "a.jsonl", line: 3, reason: "invalid JSON", cause: new PyJsonError("x") }),
  },
  {
    name: "EmbedHttpError",
    Class: EmbedHttpError,
    built: built("leakage/http.js"),
    make: (C: typeof EmbedHttpError) => new C(429, "http://127.0.0.1:11434/api/embed", "rate limited"),
  },
]);
