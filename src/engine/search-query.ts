// The boundary between validation and execution. `datastore-search.ts` validates a request (shape,
// resource, access, field names) into a `SearchQuery`; a `SearchStore` runs it and hands back the
// page as rows of cell values; `datastore-search.ts` then builds CKAN's envelope around them. The
// in-memory store (`memory-store.ts`) is the default; another store (e.g. a database) replaces only
// the execution and inherits validation, envelope, formats and auth.

import type { ResourceEntry } from './catalog.ts'
import type { CellValue, FieldInfo, FieldType } from './types.ts'

/** A column of the answer, in output order; `_id` has type `int`. */
export interface OutputField {
  id: string
  type: FieldType
  info?: FieldDictionaryEntry
}

/** One field's data dictionary entry (CKAN's `fields[].info`). */
export interface FieldDictionaryEntry {
  label?: string
  notes?: string
}

export interface QuerySortKey {
  field: string
  descending: boolean
  nullsFirst: boolean
}

/** A validated `datastore_search`: every field name exists; texts are as sent (not lowercased). */
export interface SearchQuery {
  /** The resource's real id (aliases resolved). */
  resourceId: string
  /** Columns of each returned row, in order (`_id` included when asked for). Empty when only the
   * total is wanted (`datastore_info`'s count: limit 0). */
  fields: OutputField[]
  /** Text that must occur, case-insensitively, in at least one field (`q` string or `full_text`); non-empty. */
  text?: string
  /** Field -> text that must occur in that field (object `q`); texts non-empty. */
  fieldTexts: { field: string; text: string }[]
  /**
   * Field -> stored texts one of which the field's text must equal exactly: the values as sent, read
   * for the field's type (filter-values.ts: `"0.0"` on numeric is `"0"`); an empty list matches nothing.
   */
  filters: { field: string; values: string[] }[]
  /** Empty: `_id` order. */
  sort: QuerySortKey[]
  offset: number
  limit: number
  includeTotal: boolean
  /** Only distinct rows of `fields`, in the order of each one's first occurrence; `total` counts them. */
  distinct: boolean
  /**
   * CKAN 2.11's `total_estimation_threshold`: with no condition and no `distinct`, a store that keeps
   * an estimate of its row count may give that estimate as the total when it is at least this.
   */
  totalEstimationThreshold?: number | null
}

export interface SearchRows {
  /** One array per record, values in the order of `query.fields` (JSON values as CKAN returns them). */
  rows: CellValue[][]
  total?: number
  /** The total is an estimate (CKAN's `total_was_estimated`), e.g. counted on the part of a resource loaded so far. */
  totalWasEstimated?: boolean
}

export interface SearchStore {
  /** The resource's columns in table order, without `_id` (loading it if need be). */
  columns(entry: ResourceEntry): Promise<readonly FieldInfo[]>
  /** Runs a validated query. */
  search(entry: ResourceEntry, query: SearchQuery): Promise<SearchRows>
}

/** A store cannot reach its data right now (a database that is down); the request may be retried. */
export class StoreUnavailableError extends Error {}

/** A query ran past the store's time limit. */
export class StoreTimeoutError extends Error {
  constructor(readonly seconds: number) {
    super(`the search took too long (over ${seconds} s)`)
  }
}
