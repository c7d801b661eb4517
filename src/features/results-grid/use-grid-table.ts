// The grid's headless model: TanStack Table with only the column features the grid uses (order,
// pinning, sizing, visibility) and the sort state. Every piece of state is the view's, held by the
// caller (the link): the table is told it, and its setters report changes back.
//
// The table models the drawn columns only, as it models no rows: the grid draws its rows straight
// from the records, the virtualiser choosing which, and lays its columns out itself
// (column-layout.ts), the column virtualiser choosing which are drawn. A row model would build one
// row object per record; a column model of every field built about ten objects and memos per column
// (for an answer of 10,000 fields, most of its first render), for columns the grid never draws.
// Sorting stays manual: the engine, the server or the browser sort already did it. The options
// given to the table are the same object while the drawn columns and the state are unchanged.
import { useLayoutEffect, useMemo, useRef } from 'react'
import {
  columnOrderingFeature,
  columnPinningFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type Column,
  type ColumnPinningState,
  type ColumnSizingState,
  type ReactTable,
  type Updater,
} from '@tanstack/react-table'
import { COLUMN_WIDTH_PX } from '../../query/url-codec.ts'
import type { SortKey } from '../../query/types.ts'
import { DEFAULT_COLUMN_PX } from './column-layout.ts'
import type { GridField } from './column-widths.ts'

export type GridRecord = Record<string, unknown>

const features = tableFeatures({ columnOrderingFeature, columnPinningFeature, columnSizingFeature, columnVisibilityFeature, rowSortingFeature })
type Features = typeof features
export type GridTable = ReactTable<Features, GridRecord>
export type GridColumn = Column<Features, GridRecord, unknown>

const columnHelper = createColumnHelper<Features, GridRecord>()

/**
 * A field's value by its own name only: a field named "a.b" is one column, and one named
 * "constructor" never reads Object.prototype.
 */
export function cellValue(record: GridRecord, field: string): unknown {
  return Object.hasOwn(record, field) ? record[field] : null
}

function resolve<T>(updater: Updater<T>, previous: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(previous) : updater
}

interface GridTableOptions {
  /** The drawn columns' fields, pinned ones first, in the order drawn. */
  fields: readonly GridField[]
  /** Each drawn column's width as laid out (column-layout.ts), in `fields` order. */
  widths: readonly number[]
  /** Widths the user set (from the view), and any being dragged right now (they win). */
  sizing: ColumnSizingState
  /** Every shown field, in the view's order (what a change of order is made from). */
  order: readonly GridField[]
  /** The pinned fields, in the order pinned (all of them drawn). */
  pinned: readonly string[]
  sort: readonly SortKey[]
  onSizingChange: (sizing: ColumnSizingState) => void
  onPinnedChange: (pinned: string[]) => void
  onOrderChange: (order: string[]) => void
}

const NO_ROWS: GridRecord[] = []
const ALL_VISIBLE = Object.freeze({})
// The columns are given in the order drawn, so the table's own order is left empty (its columns'
// order): the same state however the drawn columns change while the grid scrolls, so no change of
// the table's state (and no render) follows a scroll. A change of order is reported against every field.
const COLUMNS_AS_GIVEN: string[] = []

export function useGridTable({ fields, widths, sizing, order, pinned, sort, onSizingChange, onPinnedChange, onOrderChange }: GridTableOptions): GridTable {
  const columns = useMemo(
    () =>
      columnHelper.columns(
        fields.map((field, index) =>
          columnHelper.accessor((record) => cellValue(record, field.id), {
            id: field.id,
            size: widths[index] ?? DEFAULT_COLUMN_PX,
            minSize: COLUMN_WIDTH_PX.min,
            maxSize: COLUMN_WIDTH_PX.max,
          }),
        ),
      ),
    [fields, widths],
  )
  const pinning = useMemo<ColumnPinningState>(() => ({ start: [...pinned], end: [] }), [pinned])
  const sorting = useMemo(() => sort.map((key) => ({ id: key.field, desc: key.direction === 'desc' })), [sort])
  // The latest callbacks, read when the table reports a change: the options need not change with them.
  const report = useRef({ onSizingChange, onPinnedChange, onOrderChange, order })
  useLayoutEffect(() => {
    report.current = { onSizingChange, onPinnedChange, onOrderChange, order }
  })
  const options = useMemo(
    () => ({
      features,
      columns,
      data: NO_ROWS,
      manualSorting: true,
      state: { columnSizing: sizing, columnPinning: pinning, columnOrder: COLUMNS_AS_GIVEN, sorting, columnVisibility: ALL_VISIBLE },
      onColumnSizingChange: (updater: Updater<ColumnSizingState>) => report.current.onSizingChange(resolve(updater, sizing)),
      onColumnPinningChange: (updater: Updater<ColumnPinningState>) => report.current.onPinnedChange(resolve(updater, pinning).start ?? []),
      onColumnOrderChange: (updater: Updater<string[]>) => report.current.onOrderChange(resolve(updater, report.current.order.map((field) => field.id))),
    }),
    [columns, sizing, pinning, sorting],
  )
  return useTable(options, (state) => state)
}
