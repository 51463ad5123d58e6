/** Why a file could not be read, as the explorer shows it: the message, and where in the file when known. */
import { TraceReadError } from "@whileai/ingest";

export interface LoadError {
  /** One line naming the file first: `name:line:column: reason` when the place is known. */
  message: string;
  source: string;
  line?: number;
  column?: number;
}

export function loadError(error: unknown, name: string): LoadError {
  if (TraceReadError.isInstance(error)) {
    return { message: error.message, source: error.source, line: error.line, column: error.column };
  }
  // Not the front door's own verdict (the browser failed to read the file, or a bug): still name the file.
  return { message: `${name}: ${error instanceof Error ? error.message : String(error)}`, source: name };
}
