import type { MouseEvent, ReactNode } from 'react'
import type { SortKey } from '../../query/types.ts'
import { ariaSortOf } from './sort-toggle.ts'

interface SortHeaderProps {
  field: string
  type: string
  /** The data dictionary's label and description, when the resource has them. */
  label?: string
  notes?: string
  width: number
  numeric: boolean
  sort: readonly SortKey[]
  onToggle: (field: string, multi: boolean) => void
  /** The column's menu button, beside the sort button in the same header cell. */
  children?: ReactNode
}

/** A column header: a button that sorts by the column (shift-click adds it to the sort), and its menu. */
export function SortHeader({ field, type, label, notes, width, numeric, sort, onToggle, children }: SortHeaderProps) {
  const position = sort.findIndex((key) => key.field === field)
  const key = position >= 0 ? sort[position] : undefined
  const arrow = key === undefined ? '↕' : key.direction === 'asc' ? '↑' : '↓'
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => onToggle(field, event.shiftKey)
  const state = key === undefined ? 'not sorted' : `sorted ${key.direction === 'asc' ? 'ascending' : 'descending'}`
  return (
    <th
      scope="col"
      aria-label={field}
      aria-sort={ariaSortOf(sort, field)}
      className={numeric ? 'col-numeric' : undefined}
      style={{ width, minWidth: width, maxWidth: width }}
    >
      <button
        type="button"
        className="sort-button"
        onClick={handleClick}
        title={`${label ? `${label}: ` : ''}${field} (${type}), ${state}.${notes ? ` ${notes}` : ''} Shift-click to sort by several columns.`}
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
