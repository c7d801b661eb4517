import type { CSSProperties, DragEvent, MouseEvent, ReactNode } from 'react'
import type { SortKey } from '../../query/types.ts'
import { ariaSortOf } from './sort-toggle.ts'

interface SortHeaderProps {
  field: string
  type: string
  /** The data dictionary's label and description, when the resource has them. */
  label?: string
  notes?: string
  /** 1-based position among the shown columns. */
  colIndex: number
  numeric: boolean
  pinned: boolean
  /** The last pinned column (it draws the edge between pinned and scrolled columns). */
  pinnedEdge?: boolean
  /** Width, and for a pinned column its sticky offset. */
  style: CSSProperties
  sort: readonly SortKey[]
  onToggle: (field: string, multi: boolean) => void
  /** Dragging a header onto another moves the column there. */
  onDragStartField: (field: string, event: DragEvent<HTMLTableCellElement>) => void
  onDropOnField: (field: string, event: DragEvent<HTMLTableCellElement>) => void
  /** The column's menu button and resize separator, beside the sort button in the same header cell. */
  children?: ReactNode
}

/** A column header: a button that sorts by the column (shift-click adds it to the sort), its menu and its resize edge. */
export function SortHeader({ field, type, label, notes, colIndex, numeric, pinned, pinnedEdge = false, style, sort, onToggle, onDragStartField, onDropOnField, children }: SortHeaderProps) {
  const position = sort.findIndex((key) => key.field === field)
  const key = position >= 0 ? sort[position] : undefined
  const arrow = key === undefined ? '↕' : key.direction === 'asc' ? '↑' : '↓'
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => onToggle(field, event.shiftKey)
  const state = key === undefined ? 'not sorted' : `sorted ${key.direction === 'asc' ? 'ascending' : 'descending'}`
  const classes = [numeric ? 'col-numeric' : '', pinned ? 'col-pinned' : '', pinnedEdge ? 'col-pinned-edge' : ''].filter(Boolean).join(' ')
  return (
    <th
      scope="col"
      aria-label={field}
      aria-sort={ariaSortOf(sort, field)}
      aria-colindex={colIndex}
      className={classes || undefined}
      style={style}
      draggable
      onDragStart={(event) => onDragStartField(field, event)}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault()
      }}
      onDrop={(event) => onDropOnField(field, event)}
    >
      <button
        type="button"
        className="sort-button"
        onClick={handleClick}
        title={`${label ? `${label}: ` : ''}${field} (${type}), ${state}${pinned ? ', pinned' : ''}.${notes ? ` ${notes}` : ''} Shift-click to sort by several columns; drag to move the column.`}
      >
        {label ? (
          <span className="sort-text">
            {/* Seen, and in the title; the name stays the field id the API knows. */}
            <span className="sort-caption" aria-hidden="true">
              {label}
            </span>
            <span className="sort-label">{field}</span>
          </span>
        ) : (
          <span className="sort-label">{field}</span>
        )}
        <span className={key === undefined ? 'sort-arrow idle' : 'sort-arrow'} aria-hidden="true">
          {arrow}
          {sort.length > 1 && key !== undefined ? <sup>{position + 1}</sup> : null}
        </span>
      </button>
      {children}
    </th>
  )
}

/** The drag payload's type: a column's field name, moved within this grid. */
export const DRAG_TYPE = 'application/x-datastore-column'
