import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { SortKey } from '../../query/types.ts'
import { ColumnMenu, columnMenuItems, type ColumnAction } from '../columns/ColumnMenu.tsx'
import { FilterValueDialog } from '../columns/FilterValueDialog.tsx'
import { RecordPanel } from '../row-detail/RecordPanel.tsx'
import { describeCell, isNumericType } from './cell-format.ts'
import { CellValue } from './CellValue.tsx'
import { columnWidths, type GridField } from './column-widths.ts'
import { FullValueDialog } from './FullValueDialog.tsx'
import { rowAfterKey } from './row-keys.ts'
import { SortHeader } from './SortHeader.tsx'
import { toggleSort } from './sort-toggle.ts'
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './results-grid.css'

export type GridRecord = Record<string, unknown>

interface ResultsGridProps {
  fields: readonly GridField[]
  /** Records in display order (already sorted when the sort is done in the browser). */
  records: readonly GridRecord[]
  sort: readonly SortKey[]
  onSortChange: (sort: SortKey[]) => void
  /** Hides a column (the header menu); absent: not offered. */
  onHideColumn?: (field: string) => void
  /** Adds the filter chip `field = value` and runs (cell action, header menu, record panel). */
  onFilterByValue?: (field: string, value: string) => void
  /** Opens the column summaries on a field (the header menu's `Summary`); absent: not offered. */
  onShowSummary?: (field: string) => void
  /** Pages beside this one, so the record panel can go on past the first or last record shown. */
  hasPreviousPage?: boolean
  hasNextPage?: boolean
  onPageStep?: (step: -1 | 1) => void
}

const ROW_HEIGHT = 34
const OVERSCAN = 8
const DETAILS_BUTTON_PX = 30
/** Up to this many columns every cell of a drawn row is drawn; wider answers draw the columns in view. */
const COLUMNS_ALWAYS_DRAWN = 24
const COLUMN_OVERSCAN = 3

/** The exact text a filter on this value needs; none for null and for objects or arrays. */
function filterText(value: unknown): string | undefined {
  if (value === null || value === undefined || typeof value === 'object') return undefined
  return String(value)
}

/**
 * A field's value by its own name only: a field named "a.b" is one column, and one named
 * "constructor" never reads Object.prototype.
 */
function cellValue(record: GridRecord, field: string): unknown {
  return Object.hasOwn(record, field) ? record[field] : null
}

/** The records as a table named "Results": columns in `fields` order, rows virtualised. */
export function ResultsGrid({ fields, records, sort, onSortChange, onHideColumn, onFilterByValue, onShowSummary, hasPreviousPage = false, hasNextPage = false, onPageStep }: ResultsGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const bodyRef = useRef<HTMLTableSectionElement>(null)
  const [fullValue, setFullValue] = useState<string | null>(null)
  const [filterField, setFilterField] = useState<string | null>(null)
  const [openRecord, setOpenRecord] = useState<number | null>(null)
  const [activeRow, setActiveRow] = useState(0)
  // Set when the active row should take focus once it is rendered (keyboard moves, panel closed).
  const focusRowPending = useRef(false)
  const openedFrom = useRef<HTMLElement | null>(null)
  const showFull = (full: string) => {
    openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setFullValue(full)
  }
  const closeFull = () => {
    setFullValue(null)
    openedFrom.current?.focus()
  }
  // The first column also holds the row's Details button.
  const widths = useMemo(() => columnWidths(fields, records).map((width, index) => (index === 0 ? width + DETAILS_BUTTON_PX : width)), [fields, records])
  const numeric = useMemo(() => fields.map((field) => isNumericType(field.type)), [fields])
  // The rows are the records themselves: no row objects are built for the thousands of records never drawn.
  // oxlint-disable-next-line react/incompatible-library -- no React Compiler here; the virtualizer is used as documented
  const virtualizer = useVirtualizer({
    count: records.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  })
  // A wide answer draws only the columns in view (and a few either side) of each drawn row: a first
  // draw of 50 columns was too long a task for the page. Every header cell stays, so sorting and the
  // column menus are always reachable; body cells say which column they are (aria-colindex).
  const windowed = fields.length > COLUMNS_ALWAYS_DRAWN
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: fields.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => widths[index] ?? 120,
    overscan: COLUMN_OVERSCAN,
    enabled: windowed,
  })
  useEffect(() => {
    if (windowed) columnVirtualizer.measure()
  }, [windowed, widths, columnVirtualizer])
  const columnItems = windowed ? columnVirtualizer.getVirtualItems() : []
  const drawnColumns = windowed ? columnItems.map((item) => item.index) : fields.map((_field, index) => index)
  const columnsStart = windowed ? (columnItems[0]?.start ?? 0) : 0
  const totalWidth = widths.reduce((sum, width) => sum + width, 0)
  const handleToggle = (field: string, multi: boolean) => onSortChange(toggleSort(sort, field, multi))
  const active = Math.min(activeRow, Math.max(0, records.length - 1))

  // New records start again at their first row; the record panel closes, unless the user paged from
  // it, in which case it shows the new page's first (Next) or last (Previous) record.
  const [shownRecords, setShownRecords] = useState(records)
  const [panelAfterPaging, setPanelAfterPaging] = useState<'first' | 'last' | null>(null)
  if (shownRecords !== records) {
    setShownRecords(records)
    setActiveRow(0)
    setOpenRecord(panelAfterPaging === null || records.length === 0 ? null : panelAfterPaging === 'first' ? 0 : records.length - 1)
    setPanelAfterPaging(null)
  }

  useEffect(() => {
    if (!focusRowPending.current) return
    const row = bodyRef.current?.querySelector<HTMLElement>(`tr[aria-rowindex="${active + 2}"]`)
    if (row) {
      focusRowPending.current = false
      row.focus({ preventScroll: true })
    }
  })

  const focusRow = (index: number) => {
    focusRowPending.current = true
    setActiveRow(index)
    virtualizer.scrollToIndex(index, { align: 'auto' })
  }
  const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1)
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    if (event.target !== event.currentTarget) return
    if (event.key === 'Enter') {
      event.preventDefault()
      setOpenRecord(index)
      return
    }
    const next = rowAfterKey(event.key, index, records.length, pageRows)
    if (next === undefined) return
    event.preventDefault()
    focusRow(next)
  }
  // The sort items are always there; the others only when the page can do them.
  const menuItems = useMemo(
    () =>
      onHideColumn || onFilterByValue || onShowSummary
        ? columnMenuItems({ hide: onHideColumn !== undefined && fields.length > 1, filter: onFilterByValue !== undefined, summary: onShowSummary !== undefined })
        : [],
    [onHideColumn, onFilterByValue, onShowSummary, fields.length],
  )
  // `_id` has no summary (it numbers the records).
  const idMenuItems = useMemo(() => menuItems.filter((item) => item.action !== 'summary'), [menuItems])
  const onColumnAction = (field: string, action: ColumnAction) => {
    switch (action) {
      case 'sort-asc':
      case 'sort-desc':
        onSortChange([{ field, direction: action === 'sort-asc' ? 'asc' : 'desc' }])
        break
      case 'hide':
        onHideColumn?.(field)
        break
      case 'filter':
        setFilterField(field)
        break
      case 'summary':
        onShowSummary?.(field)
        break
    }
  }
  const closeRecord = () => {
    if (openRecord !== null) focusRow(openRecord)
    setOpenRecord(null)
  }
  const detailRecord = openRecord === null ? undefined : records[openRecord]

  return (
    <div className="results">
      <div className="grid-scroll" ref={scrollRef}>
        <table
          aria-label="Results"
          aria-rowcount={records.length + 1}
          aria-colcount={fields.length}
          className="grid"
          style={{ width: totalWidth }}
        >
          <thead>
            <tr aria-rowindex={1}>
              {fields.map((field, index) => (
                <SortHeader
                  key={field.id}
                  field={field.id}
                  type={field.type}
                  label={field.label}
                  notes={field.notes}
                  width={widths[index] ?? 120}
                  numeric={numeric[index] ?? false}
                  sort={sort}
                  onToggle={handleToggle}
                >
                  {menuItems.length > 0 ? <ColumnMenu field={field.id} items={field.id === '_id' ? idMenuItems : menuItems} onAction={(action) => onColumnAction(field.id, action)} /> : null}
                </SortHeader>
              ))}
            </tr>
          </thead>
          <tbody ref={bodyRef} style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const record = records[item.index]
              if (record === undefined) return null
              return (
                <tr
                  key={item.index}
                  aria-rowindex={item.index + 2}
                  tabIndex={item.index === active ? 0 : -1}
                  onKeyDown={(event) => onRowKey(event, item.index)}
                  onFocus={(event) => event.target === event.currentTarget && setActiveRow(item.index)}
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT, paddingLeft: columnsStart }}
                >
                  {drawnColumns.map((index) => {
                    const field = fields[index]
                    if (field === undefined) return null
                    const value = cellValue(record, field.id)
                    const filterValue = onFilterByValue ? filterText(value) : undefined
                    return (
                      <td
                        key={field.id}
                        aria-colindex={index + 1}
                        className={numeric[index] ? 'col-numeric' : undefined}
                        style={{ width: widths[index], minWidth: widths[index], maxWidth: widths[index] }}
                      >
                        {index === 0 ? (
                          // Icon-only (drawn by CSS): the cell's text stays the value.
                          <button type="button" className="row-details" aria-label={detailsName(record, item.index)} tabIndex={-1} onClick={() => setOpenRecord(item.index)} />
                        ) : null}
                        <CellValue display={describeCell(value, field.type)} onShowFull={showFull} />
                        {filterValue !== undefined ? (
                          <button
                            type="button"
                            className="cell-filter"
                            aria-label="Filter by this value"
                            title={`Filter ${field.id} = ${filterValue.length > 60 ? `${filterValue.slice(0, 57)}…` : filterValue}`}
                            tabIndex={-1}
                            onClick={() => onFilterByValue?.(field.id, filterValue)}
                          />
                        ) : null}
                      </td>
                    )
                  })}
                </tr>
              )
            })}
          </tbody>
        </table>
        {records.length === 0 ? <p className="grid-empty">No records match this query.</p> : null}
      </div>
      {fullValue !== null ? <FullValueDialog value={fullValue} onClose={closeFull} /> : null}
      {filterField !== null ? (
        <FilterValueDialog field={filterField} onSubmit={(value) => onFilterByValue?.(filterField, value)} onClose={() => setFilterField(null)} />
      ) : null}
      {detailRecord !== undefined && openRecord !== null ? (
        <RecordPanel
          fields={fields}
          record={detailRecord}
          position={openRecord}
          count={records.length}
          onNavigate={(position) => {
            if (position < 0 || position >= records.length) {
              setPanelAfterPaging(position < 0 ? 'last' : 'first')
              onPageStep?.(position < 0 ? -1 : 1)
              return
            }
            setOpenRecord(position)
            setActiveRow(position)
            virtualizer.scrollToIndex(position, { align: 'auto' })
          }}
          hasPreviousPage={onPageStep !== undefined && hasPreviousPage}
          hasNextPage={onPageStep !== undefined && hasNextPage}
          onFilterByValue={onFilterByValue}
          onClose={closeRecord}
        />
      ) : null}
    </div>
  )
}

/** `Details of record <_id>`, so each row's button says whose details it opens (the row's place without an `_id`). */
function detailsName(record: Record<string, unknown>, index: number): string {
  const id = record._id
  return typeof id === 'number' || typeof id === 'string' ? `Details of record ${id}` : `Details of row ${index + 1}`
}
