// The shape of a grouping: what the engine computes over the records matching a query's `q`,
// `full_text` and `filters` (demo mode, through the worker), and what the explorer assembles from a
// live server (one SQL statement, or counts per value). One shape, so the UI draws both alike.

import type { CellValue } from './types.ts'

export type DateUnit = 'year' | 'month' | 'day'
export type MeasureName = 'count' | 'sum' | 'mean' | 'min' | 'max'
export const MEASURES: readonly MeasureName[] = ['count', 'sum', 'mean', 'min', 'max']
export const DATE_UNITS: readonly DateUnit[] = ['year', 'month', 'day']

/** One group key: a field, a date or timestamp field cut by year, month or day. */
export interface GroupKey {
  field: string
  unit?: DateUnit
}

export interface GroupRequest {
  resource_id: string
  q?: string | Record<string, string>
  full_text?: string
  filters?: Record<string, unknown>
  /** One or two keys. */
  group: GroupKey[]
  /** Default `count` (records per group). */
  measure?: MeasureName
  /** The numeric field the measure reads (not for `count`). */
  measure_field?: string
  /** `measure` (largest first, ties by key) or `key` (ascending). Default: `key` when the first key is a date unit, else `measure`. */
  order?: 'measure' | 'key'
  /** Groups kept (default 20); the rest are one `other` row. 0 keeps every group. */
  top?: number
  /** Points of two numeric fields, evenly spaced over the matching records (a scatter's sample). */
  sample?: { x: string; y: string; size: number }
}

/**
 * One group: its key values (a date unit's key is its text: `2012`, `2012-01`, `2012-01-14`; null for
 * empty cells), its records, and the measure (null when the group has no number to measure).
 */
export interface GroupRow {
  keys: CellValue[]
  count: number
  value: number | null
}

export interface GroupResult {
  resource_id: string
  /** Matching records. */
  total: number
  /** Number of groups among them. */
  groups: number
  rows: GroupRow[]
  /** The groups beyond `top`, together: how many, their records and their measure. */
  other?: { groups: number; count: number; value: number | null }
  sample?: { size: number; of: number; points: [number, number][] }
}
