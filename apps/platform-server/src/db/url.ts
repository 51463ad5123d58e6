/** The database URL a team deployment passes: which ones are taken, and how messages show one. */

/** True for the URLs `database` takes (`postgres://` or `postgresql://`). */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** The URL as messages may show it: without its password. */
export function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "the PostgreSQL database";
  }
}
