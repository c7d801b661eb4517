// The engine's public surface. Everything outside src/engine imports from here only.
//
// Contract (implementations live in the sibling modules):
//   new TableBuilder(fields, options?)    fields in table order, without `_id`
//     .append(record: RecordObject)       one record; `_id` becomes 1, 2, 3, ... in append order
//     .build(): Table                     freezes the table and builds its indexes
//   Table                                 { fields: FieldInfo[]; size: number }   (read-only)
//   new Catalog()
//     .add(entry: ResourceEntry)          register a resource (load is called lazily, once)
//     .list(): ResourceSummary[]          id, aliases, title, isPrivate, loaded (+ size, fields)
//     .resolve(idOrAlias)                 the entry, or undefined
//     .prepare(idOrAlias, onProgress?)    load (or wait for) the table; resolves with the Table
//   createDatastoreHandler(options)       (request: Request) => Promise<Response>, the whole HTTP
//                                         contract of ../shared/spec/api.md (routing, GET/POST,
//                                         validation, search, envelopes, 400/404/405/409, CORS, auth)
//   datastoreSearch(catalog, params, ctx) the same search without HTTP: params as a parsed JSON
//                                         object, returns { status, body } (body = the JSON envelope)
//   inferFieldTypes(header, rows)         CSV column types (int4/int8/numeric when every value is one)
//   coerceRow(fields, rawValues)          CSV strings -> typed record values
//   cellToText, codesFromTexts, ranksOf   the engine's cell text and sort ranks, so a browser-side
//                                         sort orders exactly like the engine's `sort`
export type { CellValue, FieldInfo, FieldType, ProgressCallback, RecordObject } from './types.ts'
export { TableBuilder, type Table, type TableOptions } from './table.ts'
export { Catalog, type LoadState, type PartialCallback, type ResourceEntry, type ResourceSummary } from './catalog.ts'
export { createDatastoreHandler, type DatastoreHandlerOptions } from './handler.ts'
export { datastoreSearch, type SearchContext, type SearchOutcome } from './datastore-search.ts'
export { coerceRow, inferFieldTypes } from './csv-types.ts'
export { cellToText, textToCell } from './cell-text.ts'
export { codesFromTexts, type ColumnIndex } from './column-index.ts'
export { ranksOf } from './sort-ranks.ts'
export type { FieldSummary, Histogram, HistogramBin, SummaryRequest, TableSummary, ValueCount } from './summary-types.ts'
