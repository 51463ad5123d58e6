// The record-reader families, tried in order on a source's first record (see reader.ts).
import type { RecordReader } from "../reader.js";

export const RECORD_READERS: readonly RecordReader[] = [];
