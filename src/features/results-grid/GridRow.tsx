// One drawn row of the grid and its cells, memoised: while the grid scrolls, a row already drawn
// renders again only when its own props change (its selection, focus, or the columns drawn), and a
// cell only when its column's place or its selection does. Scrolling then draws the rows and
// columns that come into view, not every row of the window each frame.
import { memo, type CSSProperties, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react'
import { describeCell } from './cell-format.ts'
import { CellValue } from './CellValue.tsx'
import type { GridField } from './column-widths.ts'
import { cellValue, type GridRecord } from './use-grid-table.ts'

/** A column as drawn: its place among the shown columns and its style (width, sticky offset, gap before it). */
export interface DrawnColumn {
  id: string
  field: GridField
  type: string
  /** 0-based among all shown columns (aria-colindex - 1). */
  position: number
  numeric: boolean
  pinned: boolean
  /** The last pinned column, which draws the edge between pinned and scrolled columns. */
  pinnedEdge: boolean
  style: CSSProperties
}

/** What rows and cells report; one stable object for the grid's life, so memoised rows stay memoised. */
export interface RowActions {
  keyDown: (event: KeyboardEvent<HTMLTableRowElement>, row: number) => void
  focus: (event: FocusEvent<HTMLTableRowElement>, row: number) => void
  cellPointer: (event: MouseEvent<HTMLTableCellElement>, row: number, col: number) => void
  /** The pointer entered a cell: only that cell draws its "Filter by this value" button. */
  cellHover: (row: number, col: number) => void
  openRecord: (row: number) => void
  showFull: (full: string) => void
  filterByValue: (field: string, value: string) => void
}

/** The exact text a filter on this value needs; none for null and for objects or arrays. */
function filterText(value: unknown): string | undefined {
  if (value === null || value === undefined || typeof value === 'object') return undefined
  return String(value)
}

/** `Details of record <_id>`, so each row's button says whose details it opens (the row's place without an `_id`). */
function detailsName(record: GridRecord, index: number): string {
  const id = record._id
  return typeof id === 'number' || typeof id === 'string' ? `Details of record ${id}` : `Details of row ${index + 1}`
}

interface GridCellProps {
  record: GridRecord
  row: number
  column: DrawnColumn
  selected: boolean
  active: boolean
  /** Under the pointer: the one cell that draws its filter button (one per cell was a third of the grid's elements, restyled and laid out as it scrolled). */
  hovered: boolean
  filterable: boolean
  actions: RowActions
}

const GridCell = memo(function GridCell({ record, row, column, selected, active, hovered, filterable, actions }: GridCellProps) {
  const value = cellValue(record, column.id)
  const filterValue = filterable && hovered ? filterText(value) : undefined
  const classes = [column.numeric ? 'col-numeric' : '', column.pinned ? 'col-pinned' : '', column.pinnedEdge ? 'col-pinned-edge' : '', selected ? 'cell-selected' : '', active ? 'cell-active' : '']
    .filter(Boolean)
    .join(' ')
  return (
    <td aria-colindex={column.position + 1} className={classes || undefined} style={column.style} onMouseDown={(event) => actions.cellPointer(event, row, column.position)} onMouseEnter={() => actions.cellHover(row, column.position)}>
      {column.position === 0 ? (
        // Icon-only (drawn by CSS): the cell's text stays the value.
        <button type="button" className="row-details" aria-label={detailsName(record, row)} tabIndex={-1} onClick={() => actions.openRecord(row)} />
      ) : null}
      <CellValue display={describeCell(value, column.type)} onShowFull={actions.showFull} />
      {filterValue !== undefined ? (
        <button
          type="button"
          className="cell-filter"
          aria-label="Filter by this value"
          title={`Filter ${column.id} = ${filterValue.length > 60 ? `${filterValue.slice(0, 57)}…` : filterValue}`}
          tabIndex={-1}
          onClick={() => actions.filterByValue(column.id, filterValue)}
        />
      ) : null}
    </td>
  )
})

interface GridRowProps {
  record: GridRecord
  /** The record's place in the grid (0-based). */
  row: number
  top: number
  height: number
  width: number
  columns: readonly DrawnColumn[]
  /** The row the keyboard is on (tabbable). */
  current: boolean
  /** The position of the active cell in this row, or -1. */
  activeCol: number
  /** The selected positions in this row (`selectedFrom` to `selectedTo`), or -1 for none. */
  selectedFrom: number
  selectedTo: number
  /** The position of the cell under the pointer in this row, or -1. */
  hoveredCol: number
  filterable: boolean
  actions: RowActions
}

export const GridRow = memo(function GridRow({ record, row, top, height, width, columns, current, activeCol, selectedFrom, selectedTo, hoveredCol, filterable, actions }: GridRowProps) {
  return (
    <tr
      aria-rowindex={row + 2}
      // Striped by the record's place, not by :nth-child: rows come and go at both ends of the
      // window while the grid scrolls, and a structural selector restyled every row each time.
      // A row holding the active cell draws no focus ring of its own: the cell's outline is the one.
      className={[row % 2 === 1 ? 'row-alt' : '', activeCol >= 0 ? 'row-has-active-cell' : ''].filter(Boolean).join(' ') || undefined}
      tabIndex={current ? 0 : -1}
      onKeyDown={(event) => actions.keyDown(event, row)}
      onFocus={(event) => actions.focus(event, row)}
      style={{ transform: `translateY(${top}px)`, height, width }}
    >
      {columns.map((column) => (
        <GridCell
          key={column.id}
          record={record}
          row={row}
          column={column}
          selected={selectedFrom >= 0 && column.position >= selectedFrom && column.position <= selectedTo}
          active={column.position === activeCol}
          hovered={column.position === hoveredCol}
          filterable={filterable}
          actions={actions}
        />
      ))}
    </tr>
  )
})
