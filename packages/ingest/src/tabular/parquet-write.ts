/**
 * Rows as a Parquet file whose columns follow the rows: a top-level key is a column, a list of
 * objects (`steps`, `messages`) is a LIST of STRUCT with one field per key seen, so the Hugging
 * Face viewer shows the columns. A value whose shape varies from row to row (a string in one row,
 * an object in another), an empty object and a struct of very many keys are JSON text columns
 * (Parquet's JSON type), which readers decode back to the value. Read back through the front
 * door, the rows are the rows written: a null struct field reads as an absent key, as written.
 */
import type { SchemaElement } from "hyparquet";
import type { ColumnSource } from "hyparquet-writer";

type Shape =
  | { kind: "null" | "string" | "boolean" | "int" | "double" | "json" }
  | { kind: "list"; of: Shape }
  | { kind: "struct"; fields: Map<string, Shape> };

/** Past this many keys an object is a JSON value, not a struct (a map of ids, not a record). */
const MAX_STRUCT_FIELDS = 64;
const NULL: Shape = { kind: "null" };
const JSON_SHAPE: Shape = { kind: "json" };

function shapeOf(value: unknown): Shape {
  if (value === null || value === undefined) return NULL;
  if (typeof value === "string") return { kind: "string" };
  if (typeof value === "boolean") return { kind: "boolean" };
  if (typeof value === "number") return { kind: Number.isSafeInteger(value) ? "int" : "double" };
  if (Array.isArray(value)) return { kind: "list", of: value.reduce<Shape>((shape, element) => merge(shape, shapeOf(element)), NULL) };
  if (typeof value === "object") {
    const fields = new Map<string, Shape>();
    for (const [key, field] of Object.entries(value)) fields.set(key, shapeOf(field));
    return fields.size === 0 || fields.size > MAX_STRUCT_FIELDS ? JSON_SHAPE : { kind: "struct", fields };
  }
  throw new TypeError(`a ${typeof value} is not a JSON value`);
}

/** The one shape two values share, widening int to double and anything else that differs to JSON. */
function merge(a: Shape, b: Shape): Shape {
  if (a.kind === "null") return b;
  if (b.kind === "null") return a;
  if (a.kind === "json" || b.kind === "json") return JSON_SHAPE;
  if ((a.kind === "int" && b.kind === "double") || (a.kind === "double" && b.kind === "int")) return { kind: "double" };
  if (a.kind === "list" && b.kind === "list") return { kind: "list", of: merge(a.of, b.of) };
  if (a.kind === "struct" && b.kind === "struct") {
    const fields = new Map(a.fields);
    for (const [key, shape] of b.fields) fields.set(key, merge(fields.get(key) ?? NULL, shape));
    return fields.size > MAX_STRUCT_FIELDS ? JSON_SHAPE : { kind: "struct", fields };
  }
  return a.kind === b.kind ? a : JSON_SHAPE;
}

/** The schema elements of one column, depth first, as Parquet lists them. */
function schemaOf(name: string, shape: Shape): SchemaElement[] {
  const repetition_type = "OPTIONAL" as const;
  switch (shape.kind) {
    case "null":
    case "string":
      return [{ name, type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type }];
    case "boolean":
      return [{ name, type: "BOOLEAN", repetition_type }];
    case "int":
      return [{ name, type: "INT64", repetition_type }];
    case "double":
      return [{ name, type: "DOUBLE", repetition_type }];
    case "json":
      return [{ name, type: "BYTE_ARRAY", converted_type: "JSON", repetition_type }];
    case "list":
      // The three-level LIST every reader knows: name (LIST) > list (repeated) > element.
      return [{ name, converted_type: "LIST", repetition_type, num_children: 1 }, { name: "list", repetition_type: "REPEATED", num_children: 1 }, ...schemaOf("element", shape.of)];
    case "struct":
      return [{ name, repetition_type, num_children: shape.fields.size }, ...[...shape.fields].flatMap(([key, field]) => schemaOf(key, field))];
  }
}

/** A value in the form the writer takes for its shape: int64 as BigInt, structs with only their fields. */
function prepare(value: unknown, shape: Shape): unknown {
  if (value === null || value === undefined) return null;
  switch (shape.kind) {
    case "int":
      return BigInt(value as number);
    case "list":
      return (value as unknown[]).map((element) => prepare(element, shape.of));
    case "struct": {
      const out: Record<string, unknown> = {};
      for (const [key, field] of shape.fields) out[key] = prepare((value as Record<string, unknown>)[key], field);
      return out;
    }
    default:
      return value;
  }
}

/**
 * Row groups: a small first one (a viewer shows the first rows after one read), then 10,000 rows
 * each, so a reader holds a bounded slice of the file in memory.
 */
const ROW_GROUP_ROWS = [1_000, 10_000];

/** Rows (JSON objects) as the bytes of one Parquet file, snappy-compressed as the Hub writes them. */
export async function rowsToParquet(rows: readonly Record<string, unknown>[]): Promise<Uint8Array> {
  if (rows.length === 0) throw new TypeError("rowsToParquet: no rows (a Parquet file needs at least one row to type its columns)");
  const columns = new Map<string, Shape>();
  rows.forEach((row, i) => {
    for (const [key, value] of Object.entries(row)) {
      let shape: Shape;
      try {
        shape = shapeOf(value);
      } catch (error) {
        throw new TypeError(`encodeRows: row ${i}, column ${JSON.stringify(key)} is not JSON (${(error as Error).message})`);
      }
      columns.set(key, merge(columns.get(key) ?? NULL, shape));
    }
  });
  const schema: SchemaElement[] = [{ name: "root", num_children: columns.size }, ...[...columns].flatMap(([name, shape]) => schemaOf(name, shape))];
  const columnData: ColumnSource[] = [...columns].map(([name, shape]) => ({ name, data: rows.map((row) => prepare(row[name], shape)) }));
  const { parquetWriteBuffer } = await import("hyparquet-writer");
  return new Uint8Array(parquetWriteBuffer({ columnData, schema, rowGroupSize: ROW_GROUP_ROWS, createdBy: "whileai-ts" }));
}
