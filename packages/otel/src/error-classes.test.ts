import { describeErrorClasses } from "../../traces/src/testing/error-classes.js";
import { OtlpDecodeError } from "./decode/otlp-decode-error.js";

describeErrorClasses([
  {
    name: "OtlpDecodeError",
    Class: OtlpDecodeError,
    built: new URL("../dist/decode/otlp-decode-error.js", import.meta.url),
    make: (C: typeof OtlpDecodeError) => new C("OTLP JSON: line 3, column 5: unexpected token", { format: "json", line: 3, column: 5 }),
  },
]);
