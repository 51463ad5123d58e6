/**
 * A row as a table gives it back: Parquet and Arrow structs cannot tell an explicit null from an
 * absent key (OpenAI's `"content": null`), so a null inside a nested object reads back absent.
 */
export function withoutNestedNulls(value: unknown, top = true): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutNestedNulls(v, false));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null || top).map(([k, v]) => [k, withoutNestedNulls(v, false)]));
}
