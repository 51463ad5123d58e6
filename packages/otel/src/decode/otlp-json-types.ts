/**
 * The OTLP/JSON shape the decoders return: a `TracesData` / `ExportTraceServiceRequest` object
 * as plain JSON values. Kept loose on purpose: the decoders pass through fields they do not know,
 * and `rowsFromOtel` validates what it reads.
 */
export type OtlpJsonValue = string | number | boolean | null | OtlpJsonValue[] | { [key: string]: OtlpJsonValue };

export interface OtlpTracesJson {
  resourceSpans?: OtlpJsonValue[];
  [key: string]: OtlpJsonValue | undefined;
}
