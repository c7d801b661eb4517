// The grid's headless model: TanStack Table with only the column features the grid uses (order,
// pinning, sizing, visibility) and the sort state. Every piece of state is the view's, held by the
// caller (the link): the table is told it, and its setters report changes back.
//
// The table is given only the records being drawn (`rows`, starting at `firstRow`), never the whole
// answer: its core row model builds one row object per data item, which for 32,000 records was a
// long task of its own. Sorting stays manual: the engine, the server or the browser sort already did it.
import { useMemo } from 'react'
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
  fields: readonly GridField[]
  /** Each field's guessed width, in `fields` order. */
  guessedWidths: readonly number[]
  /** Widths the user set (from the view), and any being dragged right now (they win). */
  sizing: ColumnSizingState
  pinned: readonly string[]
  sort: readonly SortKey[]
  rows: readonly GridRecord[]
  firstRow: number
  onSizingChange: (sizing: ColumnSizingState) => void
  onPinnedChange: (pinned: string[]) => void
  onOrderChange: (order: string[]) => void
}

export function useGridTable({ fields, guessedWidths, sizing, pinned, sort, rows, firstRow, onSizingChange, onPinnedChange, onOrderChange }: GridTableOptions): GridTable {
  const columns = useMemo(
    () =>
      columnHelper.columns(
        fields.map((field, index) =>
          columnHelper.accessor((record) => cellValue(record, field.id), {
            id: field.id,
            size: guessedWidths[index] ?? 120,
            minSize: COLUMN_WIDTH_PX.min,
            maxSize: COLUMN_WIDTH_PX.max,
          }),
        ),
      ),
    [fields, guessedWidths],
  )
  const order = useMemo(() => fields.map((field) => field.id), [fields])
  const pinning = useMemo<ColumnPinningState>(() => ({ start: pinned.filter((id) => order.includes(id)), end: [] }), [pinned, order])
  const sorting = useMemo(() => sort.map((key) => ({ id: key.field, desc: key.direction === 'desc' })), [sort])
  return useTable(
    {
      features,
      columns,
      data: rows,
      getRowId: (_record, index) => String(firstRow + index),
      manualSorting: true,
      state: { columnSizing: sizing, columnPinning: pinning, columnOrder: order, sorting, columnVisibility: {} },
      onColumnSizingChange: (updater) => onSizingChange(resolve(updater, sizing)),
      onColumnPinningChange: (updater) => onPinnedChange(resolve(updater, pinning).start),
      onColumnOrderChange: (updater) => onOrderChange(resolve(updater, order)),
    },
    (state) => state,
  )
}
