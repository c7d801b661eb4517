// The grid's headless model: TanStack Table with only the column features the grid uses (order,
// pinning, sizing, visibility) and the sort state. Every piece of state is the view's, held by the
// caller (the link): the table is told it, and its setters report changes back.
//
// The table models the columns only: the grid draws its rows straight from the records, the
// virtualiser choosing which (a row model would build one row object per record, and per drawn
// window on every scroll frame, for nothing the grid draws). Sorting stays manual: the engine, the
// server or the browser sort already did it. The options given to the table are the same object
// while the layout is unchanged, so the table (and what is computed from it) stays the same while
// the grid scrolls.
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

/**
 * Each column's width as the table's sizing gives it (a width set by the user, else the column's
 * guessed size, within its bounds), read from the column definitions and the sizing state. The
 * same figure as `column.getSize()`, without it: that memoises per column object, and building
 * those memos for every column of a 10,000-field answer was the largest part of its first render.
 */
export function columnSizes(columns: readonly GridColumn[], sizing: ColumnSizingState): Float64Array {
  const sizes = new Float64Array(columns.length)
  for (let index = 0; index < columns.length; index++) {
    const column = columns[index]
    if (column === undefined) continue
    const { size = 120, minSize = COLUMN_WIDTH_PX.min, maxSize = COLUMN_WIDTH_PX.max } = column.columnDef
    const set = Object.hasOwn(sizing, column.id) ? sizing[column.id] : undefined
    sizes[index] = Math.min(Math.max(minSize, set ?? size), maxSize)
  }
  return sizes
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
  onSizingChange: (sizing: ColumnSizingState) => void
  onPinnedChange: (pinned: string[]) => void
  onOrderChange: (order: string[]) => void
}

const NO_ROWS: GridRecord[] = []
const ALL_VISIBLE = Object.freeze({})

export function useGridTable({ fields, guessedWidths, sizing, pinned, sort, onSizingChange, onPinnedChange, onOrderChange }: GridTableOptions): GridTable {
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
  const pinning = useMemo<ColumnPinningState>(() => {
    const shown = new Set(order)
    return { start: pinned.filter((id) => shown.has(id)), end: [] }
  }, [pinned, order])
  const sorting = useMemo(() => sort.map((key) => ({ id: key.field, desc: key.direction === 'desc' })), [sort])
  // The latest callbacks, read when the table reports a change: the options need not change with them.
  const report = useRef({ onSizingChange, onPinnedChange, onOrderChange })
  useLayoutEffect(() => {
    report.current = { onSizingChange, onPinnedChange, onOrderChange }
  })
  const options = useMemo(
    () => ({
      features,
      columns,
      data: NO_ROWS,
      manualSorting: true,
      state: { columnSizing: sizing, columnPinning: pinning, columnOrder: order, sorting, columnVisibility: ALL_VISIBLE },
      onColumnSizingChange: (updater: Updater<ColumnSizingState>) => report.current.onSizingChange(resolve(updater, sizing)),
      onColumnPinningChange: (updater: Updater<ColumnPinningState>) => report.current.onPinnedChange(resolve(updater, pinning).start ?? []),
      onColumnOrderChange: (updater: Updater<string[]>) => report.current.onOrderChange(resolve(updater, order)),
    }),
    [columns, sizing, pinning, order, sorting],
  )
  return useTable(options, (state) => state)
}
