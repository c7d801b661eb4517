// The shape of a column summary: what the engine computes over the records matching a query's
// `q`/`filters` (demo mode, through the worker), and what the explorer assembles from
// `datastore_search` requests against a live server (src/api). One shape, so the UI draws both alike.

import type { CellValue, FieldType } from './types.ts'

/** Which records a summary covers: the query's `q`, `full_text` and `filters`, as `datastore_search` reads them. */
export interface SummaryRequest {
  resource_id: string
  q?: string | Record<string, string>
  full_text?: string
  filters?: Record<string, unknown>
  /** Fields to summarise, in this order; default: every field except `_id`, in table order. */
  fields?: string[]
  /** Most frequent values kept per field (default 10). */
  top?: number
  /** Histogram bins wanted for numbers (a target: bounds are rounded to readable values; default 20). */
  bins?: number
}

/** One value and how many matching records hold it. `text` is the value as filters compare it. */
export interface ValueCount {
  value: CellValue
  text: string
  count: number
}

/** A histogram bin: `[lower, upper)`, the last bin closed. Dates and timestamps use ISO text bounds. */
export interface HistogramBin {
  lower: number | string
  upper: number | string
  /** A readable name for the bin: `10 to 20` (`-130 to -120` stays readable), `2021`, `2021-03`, `2021-03-14`. */
  label: string
  count: number
}

export interface Histogram {
  /** How the bins are cut: numbers by nice thresholds, dates by calendar unit. */
  unit: 'number' | 'year' | 'month' | 'day'
  bins: HistogramBin[]
}

export interface FieldSummary {
  field: string
  type: FieldType
  /** Matching records (every record has a cell in every field). */
  count: number
  /** Cells that are null or "". */
  empty: number
  /** Exact number of distinct non-empty values. */
  distinct: number
  /** Most frequent non-empty values, by count descending, ties in the field's sort order. */
  top: ValueCount[]
  /** Numbers, dates and timestamps: the smallest and largest non-empty value. */
  min?: CellValue
  max?: CellValue
  /** Numbers only: the arithmetic mean of the non-empty values. */
  mean?: number
  histogram?: Histogram
}

/** The engine's answer: every summary is exact over `total` matching records. */
export interface TableSummary {
  resource_id: string
  total: number
  fields: FieldSummary[]
}
