// Public types of the reference engine. Pure TypeScript: no DOM, no React, no Node APIs.

/** CKAN's column type names (Postgres typnames), as they appear in `result.fields`. */
export type FieldType = 'int' | 'int4' | 'int8' | 'numeric' | 'float8' | 'text' | 'bool' | 'date' | 'timestamp' | 'json'

/** One column of a resource, in table order. `_id` is implicit and never listed by callers. */
export interface FieldInfo {
  id: string
  type: FieldType
}

/** A value as it appears in a JSON record. `json` columns may hold arrays and objects. */
export type CellValue = string | number | boolean | null | CellValue[] | { [key: string]: CellValue }

/** A record keyed by field id (without `_id`; the engine assigns 1..n in load order). */
export type RecordObject = Record<string, CellValue>

/** Called while a long load runs: `done` of `total` units (records, bytes, ...). */
export type ProgressCallback = (done: number, total: number) => void
