import { describeErrorClasses } from "../../traces/src/testing/error-classes.js";
import { TraceReadError } from "./errors.js";

describeErrorClasses([
  {
    name: "TraceReadError",
    Class: TraceReadError,
    built: new URL("../dist/errors.js", import.meta.url),
    make: (C: typeof TraceReadError) => new C("t.csv", "not valid UTF-8 text", { line: 3 }),
  },
]);
