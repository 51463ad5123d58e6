/** The error of a database a server cannot use: unreachable, refusing, migrated by a newer release, or (migrating into it) not empty. */
import { WhileaiError } from "@whileai/platform";

const marker = Symbol.for("@whileai/platform-server/PlatformDatabaseError");

export class PlatformDatabaseError extends WhileaiError {
  override readonly name = "PlatformDatabaseError";

  /** `where` is the database as messages show it (a file, or a URL without its password). */
  constructor(
    readonly where: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${where}: ${message}`, options);
  }

  private get [marker](): true {
    return true;
  }

  static override isInstance(value: unknown): value is PlatformDatabaseError {
    return WhileaiError.hasMarker(value, marker);
  }
}
