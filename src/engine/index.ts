// The engine's public surface. Everything outside src/engine imports from here only.
//
// Contract (implementations live in the sibling modules):
//   new TableBuilder(fields, options?)    fields in table order, without `_id`
//     .append(record: RecordObject)       one record; `_id` becomes 1, 2, 3, ... in append order
//     .appendTexts(texts)                 one record as its cells' stored texts (no row object)
//     .recordWriter(values?)              records written as ASCII bytes straight into the chunks
//                                         (record-writer.ts), columns of known values coded as written
//     .build(): Table                     freezes the table and builds its indexes
//   Table                                 { fields: FieldInfo[]; size: number }   (read-only)
//   new Catalog()
//     .add(entry: ResourceEntry)          register a resource (load is called lazily, once)
//     .list(): ResourceSummary[]          id, aliases, title, isPrivate, loaded (+ size, fields)
//     .resolve(idOrAlias)                 the entry, or undefined
//     .prepare(idOrAlias, onProgress?)    load (or wait for) the table; resolves with the Table
//   createDatastoreHandler(options)       (request: Request) => Promise<Response>, the whole HTTP
//                                         contract of ../shared/spec/api.md (routing, GET/POST,
//                                         validation, search, envelopes, 400/404/405/409, CORS, auth):
//                                         datastore_search, datastore_info, resource_show and the
//                                         catalog (package_search, package_show, package_list,
//                                         organization_list: package-actions.ts) under
//                                         {basePath}/api[/3]/action/ ('' or '/' = the site root)
//   datastoreSearch(catalog, params, ctx) the same search without HTTP: params as a parsed JSON
//                                         object, returns { status, body } (body = the JSON envelope)
//   SearchStore, SearchQuery, SearchRows  the boundary between validation and execution: a store
//                                         (ctx.store / options.store) runs a validated SearchQuery;
//                                         memoryStore(load) is the engine's own, catalogStore(catalog)
//                                         the same over a catalog's (partly) loaded tables; both take
//                                         a StepRunner that drives the search's steps (steps.ts)
//   inferFieldTypes(header, rows)         CSV column types (int4/int8/numeric/date/timestamp when every value is one)
//   coerceRow(fields, rawValues)          CSV strings -> typed record values
//   cellToText, codesFromTexts, ranksOf   the engine's cell text and sort ranks, so a browser-side
//                                         sort orders exactly like the engine's `sort`
//   summarizeTable(table, request?)       exact column summaries (TableSummary) of the records matching
//                                         q/full_text/filters; throws SummaryRequestError (409-keyed)
//   summarizeRecords(fields, records)     the same over records on hand (builds a small table)
//   datastoreSummary(catalog, request, ctx) the same against a catalog: { status, body } with
//                                         `datastore_search`'s checks, auth and error envelopes
export type { CellValue, FieldInfo, FieldType, ProgressCallback, RecordObject } from './types.ts'
export { TableBuilder, type Table, type TableOptions } from './table.ts'
export { tableBytes, type HeldBytes } from './table-bytes.ts'
export { AsciiRecordWriter, asciiBytes, writeDecimal, type WrittenChunk } from './record-writer.ts'
export { backgroundIndexSteps, type BackgroundIndexOptions } from './background-index.ts'
export { Catalog, type CatalogOptions, type DatasetInfo, type LoadState, type OtherResource, type PartialCallback, type ResourceEntry, type ResourceSummary } from './catalog.ts'
export { createDatastoreHandler, type DatastoreHandlerOptions } from './handler.ts'
export { datastoreSearchSql, type SqlField, type SqlOutcome, type SqlRequest, type SqlStore, type SqlValue } from './sql-action.ts'
export { tableCellTexts } from './table-rows.ts'
export { datastoreSearch, validateSearch, type SearchContext, type SearchOutcome, type ValidatedSearch } from './datastore-search.ts'
export type { FieldDictionaryEntry, OutputField, QuerySortKey, SearchQuery, SearchRows, SearchStore } from './search-query.ts'
export { StoreTimeoutError, StoreUnavailableError } from './search-query.ts'
export { catalogStore, memoryStore } from './memory-store.ts'
export { runAtOnce, runToEnd, type StepRunner, type Steps } from './steps.ts'
export { RECORDS_FORMATS, type RecordsFormat } from './params.ts'
export { coerceRow, csvRowEncoder, inferFieldTypes } from './csv-types.ts'
export { cellDecoder, cellToText, textToCell } from './cell-text.ts'
export { cellScale, scaledText } from './numeric-scale.ts'
export { castFilterValue, type CastFilterValue } from './filter-values.ts'
export { codesFromTexts, type ColumnIndex } from './column-index.ts'
export { ranksOf } from './sort-ranks.ts'
export type { FieldSummary, Histogram, HistogramBin, SummaryRequest, TableSummary, ValueCount } from './summary-types.ts'
export { summarizeRecords, summarizeTable, type SummaryOptions } from './summary.ts'
export { valueCountStats } from './summary-weighted.ts'
export { SummaryRequestError } from './summary-request.ts'
export { datastoreSummary, SUMMARY_CANCELLED, type SummaryPacing } from './summary-datastore.ts'
export type { DateUnit, GroupKey, GroupRequest, GroupResult, GroupRow, MeasureName } from './group-types.ts'
export { DATE_UNITS, MEASURES } from './group-types.ts'
export { binText, groupRecords, groupTable, type GroupOptions } from './group.ts'
export { GroupRequestError } from './group-request.ts'
export { datastoreGroup } from './group-datastore.ts'
