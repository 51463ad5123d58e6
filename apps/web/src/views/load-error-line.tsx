/** A file that could not be read: the message names it, and the line and column when the reader knows them. */
import type { LoadError } from "../load/load-error.js";

export function LoadErrorLine({ error, testId }: { error: LoadError; testId?: string }) {
  return (
    <p class="error" role="alert" data-testid={testId} data-source={error.source} data-line={error.line} data-column={error.column}>
      {error.message}
    </p>
  );
}
