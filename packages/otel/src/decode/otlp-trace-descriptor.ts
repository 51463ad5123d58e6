import type { INamespace } from "protobufjs/light.js";

/**
 * The OTLP trace messages as a protobufjs JSON descriptor (the `Root.fromJSON` form), so the
 * browser build needs neither .proto files nor the protobufjs parser.
 *
 * Field names, numbers and types are those of the official OpenTelemetry protocol definitions
 * (github.com/open-telemetry/opentelemetry-proto, Apache-2.0), read from the stored copies of
 * opentelemetry/proto/trace/v1/trace.proto @05e412fb, resource/v1/resource.proto @1562fa6f,
 * common/v1/common.proto (the version with InstrumentationScope attributes and EntityRef, as
 * released since proto v1.4/v1.5) and collector/trace/v1/trace_service.proto @06e6c1e1
 * (ExportTraceServiceRequest is unchanged since v0.x). Written in lowerCamelCase, which is what
 * protoc's JSON names and OTLP/JSON use, so decoded keys need no renaming. Only the messages an
 * ExportTraceServiceRequest can reach are listed; receivers skip unknown fields, so payloads
 * from newer producers still decode. The round-trip tests against @opentelemetry/otlp-transformer
 * check every field here against the bytes the official exporter writes.
 */
export const OTLP_TRACE_DESCRIPTOR: INamespace = {
  nested: {
    opentelemetry: { nested: { proto: { nested: {
      common: { nested: { v1: { nested: {
        AnyValue: {
          oneofs: { value: { oneof: ["stringValue", "boolValue", "intValue", "doubleValue", "arrayValue", "kvlistValue", "bytesValue"] } },
          fields: {
            stringValue: { type: "string", id: 1 },
            boolValue: { type: "bool", id: 2 },
            intValue: { type: "int64", id: 3 },
            doubleValue: { type: "double", id: 4 },
            arrayValue: { type: "ArrayValue", id: 5 },
            kvlistValue: { type: "KeyValueList", id: 6 },
            bytesValue: { type: "bytes", id: 7 },
          },
        },
        ArrayValue: { fields: { values: { rule: "repeated", type: "AnyValue", id: 1 } } },
        KeyValueList: { fields: { values: { rule: "repeated", type: "KeyValue", id: 1 } } },
        KeyValue: { fields: { key: { type: "string", id: 1 }, value: { type: "AnyValue", id: 2 } } },
        InstrumentationScope: {
          fields: {
            name: { type: "string", id: 1 },
            version: { type: "string", id: 2 },
            attributes: { rule: "repeated", type: "KeyValue", id: 3 },
            droppedAttributesCount: { type: "uint32", id: 4 },
          },
        },
        EntityRef: {
          fields: {
            schemaUrl: { type: "string", id: 1 },
            type: { type: "string", id: 2 },
            idKeys: { rule: "repeated", type: "string", id: 3 },
            descriptionKeys: { rule: "repeated", type: "string", id: 4 },
          },
        },
      } } } },
      resource: { nested: { v1: { nested: {
        Resource: {
          fields: {
            attributes: { rule: "repeated", type: "opentelemetry.proto.common.v1.KeyValue", id: 1 },
            droppedAttributesCount: { type: "uint32", id: 2 },
            entityRefs: { rule: "repeated", type: "opentelemetry.proto.common.v1.EntityRef", id: 3 },
          },
        },
      } } } },
      trace: { nested: { v1: { nested: {
        TracesData: { fields: { resourceSpans: { rule: "repeated", type: "ResourceSpans", id: 1 } } },
        ResourceSpans: {
          fields: {
            resource: { type: "opentelemetry.proto.resource.v1.Resource", id: 1 },
            scopeSpans: { rule: "repeated", type: "ScopeSpans", id: 2 },
            schemaUrl: { type: "string", id: 3 },
          },
        },
        ScopeSpans: {
          fields: {
            scope: { type: "opentelemetry.proto.common.v1.InstrumentationScope", id: 1 },
            spans: { rule: "repeated", type: "Span", id: 2 },
            schemaUrl: { type: "string", id: 3 },
          },
        },
        Span: {
          fields: {
            traceId: { type: "bytes", id: 1 },
            spanId: { type: "bytes", id: 2 },
            traceState: { type: "string", id: 3 },
            parentSpanId: { type: "bytes", id: 4 },
            flags: { type: "fixed32", id: 16 },
            name: { type: "string", id: 5 },
            kind: { type: "SpanKind", id: 6 },
            startTimeUnixNano: { type: "fixed64", id: 7 },
            endTimeUnixNano: { type: "fixed64", id: 8 },
            attributes: { rule: "repeated", type: "opentelemetry.proto.common.v1.KeyValue", id: 9 },
            droppedAttributesCount: { type: "uint32", id: 10 },
            events: { rule: "repeated", type: "Event", id: 11 },
            droppedEventsCount: { type: "uint32", id: 12 },
            links: { rule: "repeated", type: "Link", id: 13 },
            droppedLinksCount: { type: "uint32", id: 14 },
            status: { type: "Status", id: 15 },
          },
          nested: {
            SpanKind: {
              values: {
                SPAN_KIND_UNSPECIFIED: 0, SPAN_KIND_INTERNAL: 1, SPAN_KIND_SERVER: 2,
                SPAN_KIND_CLIENT: 3, SPAN_KIND_PRODUCER: 4, SPAN_KIND_CONSUMER: 5,
              },
            },
            Event: {
              fields: {
                timeUnixNano: { type: "fixed64", id: 1 },
                name: { type: "string", id: 2 },
                attributes: { rule: "repeated", type: "opentelemetry.proto.common.v1.KeyValue", id: 3 },
                droppedAttributesCount: { type: "uint32", id: 4 },
              },
            },
            Link: {
              fields: {
                traceId: { type: "bytes", id: 1 },
                spanId: { type: "bytes", id: 2 },
                traceState: { type: "string", id: 3 },
                attributes: { rule: "repeated", type: "opentelemetry.proto.common.v1.KeyValue", id: 4 },
                droppedAttributesCount: { type: "uint32", id: 5 },
                flags: { type: "fixed32", id: 6 },
              },
            },
          },
        },
        Status: {
          fields: { message: { type: "string", id: 2 }, code: { type: "StatusCode", id: 3 } },
          nested: { StatusCode: { values: { STATUS_CODE_UNSET: 0, STATUS_CODE_OK: 1, STATUS_CODE_ERROR: 2 } } },
        },
      } } } },
      collector: { nested: { trace: { nested: { v1: { nested: {
        ExportTraceServiceRequest: {
          fields: { resourceSpans: { rule: "repeated", type: "opentelemetry.proto.trace.v1.ResourceSpans", id: 1 } },
        },
      } } } } } },
    } } } },
  },
};
