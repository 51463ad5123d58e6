// Writes src/decode/otlp-protobuf.generated.ts, the OTLP trace decoder, from the .proto files in
// proto/ (see proto/README.md for why this generator and not pbjs, ts-proto or protoc-gen-es).
//   pnpm --filter @whileai/otel gen:proto           regenerate
//   node scripts/gen-otlp-decoder.mjs --check       exit 1 if the committed file is stale
//   node scripts/gen-otlp-decoder.mjs --official DIR  also compare proto/ with an opentelemetry-proto checkout
//
// protobufjs parses the .proto files here, at build time only. The generated code is plain
// TypeScript over protobuf-wire.ts: one function per message, a switch on each tag, values written
// straight in their proto3-JSON form (what decodeOtlpProtobuf returns), so nothing is compiled at
// run time and no toObject pass follows the decode.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import protobuf from "protobufjs";

const PACKAGE_DIR = fileURLToPath(new URL("..", import.meta.url));
const PROTO_DIR = join(PACKAGE_DIR, "proto");
const OUTPUT = join(PACKAGE_DIR, "src/decode/otlp-protobuf.generated.ts");
const ENTRY_FILE = "opentelemetry/proto/collector/trace/v1/trace_service.proto";
const ENTRY_TYPE = "opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest";
/** OTLP/JSON writes these bytes fields as hex, every other bytes field as base64 (the OTLP spec's JSON encoding). */
const HEX_FIELDS = new Set(["trace_id", "span_id", "parent_span_id"]);

/** The .proto files under `dir`, parsed and resolved (field names as written: snake_case). */
export function loadProtos(dir, files = [ENTRY_FILE]) {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => join(dir, target);
  root.loadSync(files, { keepCase: true });
  root.resolveAll();
  return root;
}

/** proto3 JSON's name for a field: lowerCamelCase of its declared name. */
const jsonName = (name) => name.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
/** `opentelemetry.proto.trace.v1.Span.Event` → `SpanEvent`. */
const shortName = (type) => type.fullName.replace(/^\.opentelemetry\.proto\.[a-z]+(\.[a-z]+)?\.v1\./, "").replace(/\./g, "");

/** Message types reachable from the entry type, entry first, each once. */
function reachable(root) {
  const seen = new Map();
  const visit = (type) => {
    if (seen.has(type.fullName)) return;
    seen.set(type.fullName, type);
    for (const field of type.fieldsArray) if (field.resolvedType instanceof protobuf.Type) visit(field.resolvedType);
  };
  visit(root.lookupType(ENTRY_TYPE));
  return [...seen.values()];
}

const WIRE = { double: 1, fixed64: 1, sfixed64: 1, fixed32: 5, sfixed32: 5, float: 5, string: 2, bytes: 2 };
const wireType = (field) => (field.resolvedType instanceof protobuf.Type || field.repeated && field.type === "string" ? 2 : WIRE[field.type] ?? 0);

/** The reader call that yields a field's proto3-JSON value, and the value that counts as its default. */
function scalarRead(field) {
  if (field.resolvedType instanceof protobuf.Enum) return { read: "r.enumValue(end)", zero: "0" };
  switch (field.type) {
    case "string":
      return { read: "r.string(end)", zero: '""' };
    case "bytes":
      return HEX_FIELDS.has(field.name) ? { read: "r.hex(end)", zero: '""' } : { read: "r.base64(end)", zero: '""' };
    case "bool":
      return { read: "r.bool(end)", zero: "false" };
    case "uint32":
      return { read: "r.varint32(end)", zero: "0" };
    case "fixed32":
      return { read: "r.fixed32(end)", zero: "0" };
    case "int64":
      return { read: "r.int64(end)", zero: '"0"' };
    case "fixed64":
      return { read: "r.fixed64(end)", zero: '"0"' };
    case "double":
      return { read: "r.double(end)", zero: "0" };
    default:
      throw new Error(`gen-otlp-decoder: field ${field.fullName} has type ${field.type}, which this generator does not read yet`);
  }
}

function messageDecoder(type) {
  const name = shortName(type);
  const fields = type.fieldsArray;
  const oneofs = type.oneofsArray;
  const local = (field) => `f${field.id}`;
  const lines = [];
  const keysConst = `${name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase()}_KEYS`;
  lines.push(`const ${keysConst}: { readonly [field: number]: string } = { ${fields.map((f) => `${f.id}: "${jsonName(f.name)}"`).join(", ")} };`);
  lines.push("");
  lines.push(`/** ${type.fullName.slice(1)} */`);
  lines.push(`function decode${name}(r: WireReader, end: number, depth: number, prev?: Obj): Obj {`);
  lines.push("  checkDepth(depth, r);");
  for (const oneof of oneofs) lines.push(`  let ${oneof.name}Case = 0;`, `  let ${oneof.name}: OtlpJsonValue | undefined;`);
  for (const field of fields) {
    if (field.partOf) continue;
    lines.push(`  let ${local(field)}: ${field.repeated ? "OtlpJsonValue[]" : field.resolvedType instanceof protobuf.Type ? "Obj" : "OtlpJsonValue"} | undefined;`);
  }
  // A message field seen twice merges into the first (the protobuf rule): start from its values.
  lines.push("  if (prev !== undefined) {");
  for (const field of fields) {
    const key = jsonName(field.name);
    if (field.partOf) {
      lines.push(`    if (prev.${key} !== undefined) {`, `      ${field.partOf.name}Case = ${field.id};`, `      ${field.partOf.name} = prev.${key};`, "    }");
    } else {
      const cast = field.repeated ? "OtlpJsonValue[]" : field.resolvedType instanceof protobuf.Type ? "Obj" : "OtlpJsonValue";
      lines.push(`    ${local(field)} = prev.${key} as ${cast} | undefined;`);
    }
  }
  lines.push("  }");
  lines.push("  let tag = 0;");
  lines.push("  try {");
  lines.push("    while (r.pos < end) {");
  lines.push("      tag = 0;");
  lines.push("      tag = r.tag(end);");
  lines.push("      switch (tag) {");
  for (const field of fields) {
    const tag = (field.id << 3) | wireType(field);
    const message = field.resolvedType instanceof protobuf.Type ? `decode${shortName(field.resolvedType)}` : null;
    lines.push(`        case ${tag}: {`);
    if (message && field.repeated) {
      lines.push(`          (${local(field)} ??= []).push(${message}(r, r.delimited(end), depth + 1));`);
    } else if (message && field.partOf) {
      const o = field.partOf.name;
      lines.push(`          ${o} = ${message}(r, r.delimited(end), depth + 1, ${o}Case === ${field.id} ? (${o} as Obj) : undefined);`, `          ${o}Case = ${field.id};`);
    } else if (message) {
      lines.push(`          ${local(field)} = ${message}(r, r.delimited(end), depth + 1, ${local(field)});`);
    } else if (field.repeated) {
      lines.push(`          (${local(field)} ??= []).push(${scalarRead(field).read});`);
    } else if (field.partOf) {
      lines.push(`          ${field.partOf.name} = ${scalarRead(field).read};`, `          ${field.partOf.name}Case = ${field.id};`);
    } else {
      // proto3 implicit presence: a default on the wire reads as absent, and clears an earlier value.
      const { read, zero } = scalarRead(field);
      const isZero = field.type === "double" ? `Object.is(v, ${zero})` : `v === ${zero}`;
      lines.push(`          const v = ${read};`, `          ${local(field)} = ${isZero} ? undefined : v;`);
    }
    lines.push("          break;", "        }");
  }
  lines.push("        default:", "          r.skip(tag, end, depth);");
  lines.push("      }", "    }", "  } catch (error) {", `    throw within(error, ${keysConst}, tag);`, "  }");
  // Keys in field-number order, as protobufjs's toObject wrote them before this decoder.
  // AnyValue (one literal per case) and a message of up to four fields with all of them present
  // (KeyValue, nearly always) are returned as object literals: a literal gets exactly its
  // properties' room in the object (an empty `{}` grown one key at a time reserves four slots and
  // then a separate property array), and KeyValue/AnyValue are most of what a decode allocates
  // and keeps alive. Same keys, same order as the general build below.
  const sorted = [...fields].sort((a, b) => a.id - b.id);
  const present = (field) => (field.partOf ? `${field.partOf.name}Case === ${field.id}` : `${local(field)} !== undefined`);
  const value = (field) => (field.partOf ? `${field.partOf.name}!` : local(field));
  if (oneofs.length === 1 && fields.every((field) => field.partOf === oneofs[0])) {
    // Only a oneof (AnyValue): one literal per case.
    for (const field of sorted) lines.push(`  if (${present(field)}) return { ${jsonName(field.name)}: ${value(field)} };`);
    lines.push("  return {};", "}");
    return lines.join("\n");
  }
  if (fields.length <= 4) {
    lines.push(`  if (${sorted.map(present).join(" && ")}) return { ${sorted.map((field) => `${jsonName(field.name)}: ${value(field)}`).join(", ")} };`);
  }
  lines.push("  const o: Obj = {};");
  for (const field of [...fields].sort((a, b) => a.id - b.id)) {
    const key = jsonName(field.name);
    if (field.partOf) lines.push(`  if (${field.partOf.name}Case === ${field.id}) o.${key} = ${field.partOf.name}!;`);
    else lines.push(`  if (${local(field)} !== undefined) o.${key} = ${local(field)};`);
  }
  lines.push("  return o;", "}");
  return lines.join("\n");
}

/** The generated TypeScript for the .proto files under `dir`. */
export function generate(dir = PROTO_DIR) {
  const types = reachable(loadProtos(dir));
  const entry = shortName(types[0]);
  return `${[
    "// Generated by scripts/gen-otlp-decoder.mjs from proto/ (opentelemetry-proto v1.9.0 messages): do not edit.",
    "// Regenerate with `pnpm --filter @whileai/otel gen:proto`; a test fails while this file is stale.",
    'import type { OtlpJsonValue } from "./otlp-json-types.js";',
    'import { checkDepth, WireReader, within } from "./protobuf-wire.js";',
    "",
    "type Obj = { [key: string]: OtlpJsonValue };",
    "",
    `/** Decodes an ${types[0].name} (or TracesData: the same bytes) into its proto3-JSON object. Throws WireError. */`,
    `export function decode${entry}Bytes(bytes: Uint8Array): Obj {`,
    `  return decode${entry}(new WireReader(bytes), bytes.length, 0);`,
    "}",
    "",
    types.map(messageDecoder).join("\n\n"),
  ].join("\n")}\n`;
}

/** Every message and enum under `mine` must be declared alike (names, numbers, types, labels) in `official`. */
export function compareWithOfficial(mine, official) {
  const problems = [];
  const walk = (ns) => {
    for (const object of ns.nestedArray) {
      const other = official.lookup(object.fullName);
      if (object instanceof protobuf.Type) {
        if (!(other instanceof protobuf.Type)) problems.push(`${object.fullName}: no such message in the official files`);
        else {
          for (const field of object.fieldsArray) {
            const theirs = other.fields[field.name];
            const describe = (f) => `${f.id} ${f.repeated ? "repeated " : ""}${f.resolvedType ? f.resolvedType.fullName : f.type}${f.partOf ? ` oneof ${f.partOf.name}` : ""}`;
            if (!theirs) problems.push(`${field.fullName}: not in the official message`);
            else if (describe(field) !== describe(theirs)) problems.push(`${field.fullName}: ours ${describe(field)}, official ${describe(theirs)}`);
          }
        }
      } else if (object instanceof protobuf.Enum) {
        if (!(other instanceof protobuf.Enum) || JSON.stringify(object.values) !== JSON.stringify(other.values)) problems.push(`${object.fullName}: enum values differ`);
      }
      if (object.nestedArray) walk(object);
    }
  };
  walk(mine);
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const code = generate();
  const officialAt = process.argv.indexOf("--official");
  if (officialAt > 0) {
    const dir = process.argv[officialAt + 1];
    const problems = compareWithOfficial(loadProtos(PROTO_DIR), loadProtos(dir));
    if (problems.length) {
      console.error(`proto/ differs from ${dir}:\n  ${problems.join("\n  ")}`);
      process.exit(1);
    }
    console.log(`proto/ declares its messages as ${dir} does`);
  }
  if (process.argv.includes("--check")) {
    if (readFileSync(OUTPUT, "utf8") !== code) {
      console.error(`${OUTPUT} is stale: run pnpm --filter @whileai/otel gen:proto`);
      process.exit(1);
    }
    console.log(`${OUTPUT} is up to date`);
  } else if (officialAt < 0) {
    writeFileSync(OUTPUT, code);
    console.log(`wrote ${OUTPUT}`);
  }
}
