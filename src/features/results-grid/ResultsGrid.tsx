import { useEffect, useMemo, useRef, useState, type CSSProperties, type DragEvent, type KeyboardEvent, type MouseEvent } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { ColumnSizingState } from '@tanstack/react-table'
import type { SortKey } from '../../query/types.ts'
import { formatCount } from '../../query/locale-format.ts'
import { ColumnMenu, columnMenuItems, type ColumnAction, type ColumnMenuItem } from '../columns/ColumnMenu.tsx'
import { FilterValueDialog } from '../columns/FilterValueDialog.tsx'
import { RecordPanel } from '../row-detail/RecordPanel.tsx'
import { describeCell, isNumericType } from './cell-format.ts'
import { cellAt, extendSelection, isSelected, selectionBounds, type CellSelection } from './cell-selection.ts'
import { CellValue } from './CellValue.tsx'
import { columnWidths, type GridField } from './column-widths.ts'
import { canvasMeasure, fitWidth } from './fit-width.ts'
import { FullValueDialog } from './FullValueDialog.tsx'
import { ResizeHandle } from './ResizeHandle.tsx'
import { rowAfterKey } from './row-keys.ts'
import { DRAG_TYPE, SortHeader } from './SortHeader.tsx'
import { toggleSort } from './sort-toggle.ts'
import { toTsv } from './tsv.ts'
import { cellValue, useGridTable, type GridColumn, type GridRecord } from './use-grid-table.ts'
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './results-grid.css'

export type { GridRecord }

/** A change of the view's column layout, made in the grid. */
export interface LayoutChange {
  /** Every resized width (the ones kept before, with this one). */
  widths?: Record<string, number>
  pinned?: string[]
  /** The shown fields in their new order. */
  order?: string[]
}

interface ResultsGridProps {
  fields: readonly GridField[]
  /** Records in display order (already sorted when the sort is done in the browser). */
  records: readonly GridRecord[]
  sort: readonly SortKey[]
  onSortChange: (sort: SortKey[]) => void
  /** Widths the user set and pinned columns, from the view (the link). */
  widths?: Readonly<Record<string, number>>
  pinned?: readonly string[]
  /** Resizing, pinning and moving columns; absent: widths still change for this page only, and pinning and moving are not offered. */
  onLayoutChange?: (change: LayoutChange) => void
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
/** Up to this many unpinned columns every cell of a drawn row is drawn; wider answers draw the columns in view. */
const COLUMNS_ALWAYS_DRAWN = 24
const COLUMN_OVERSCAN = 3
const NO_WIDTHS: Readonly<Record<string, number>> = Object.freeze({})
const NO_PINS: readonly string[] = Object.freeze([])

/** The exact text a filter on this value needs; none for null and for objects or arrays. */
function filterText(value: unknown): string | undefined {
  if (value === null || value === undefined || typeof value === 'object') return undefined
  return String(value)
}

/** Writes text to the clipboard from a user's key press or click. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // No clipboard permission (an older browser, an insecure origin): the copy command still works.
    const holder = document.createElement('textarea')
    holder.value = text
    holder.setAttribute('readonly', '')
    holder.style.position = 'fixed'
    holder.style.opacity = '0'
    document.body.append(holder)
    holder.select()
    const done = document.execCommand('copy')
    holder.remove()
    return done
  }
}

/** The user is copying text they selected themselves (inside a cell, a dialog): leave that copy alone. */
function hasTextSelection(): boolean {
  const selection = window.getSelection()
  return selection !== null && !selection.isCollapsed && selection.toString() !== ''
}

function sumSizes(columns: readonly GridColumn[]): number {
  let sum = 0
  for (const column of columns) sum += column.getSize()
  return sum
}

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`
}

/** The records as a table named "Results": columns from the view's layout, rows and wide answers' columns virtualised. */
export function ResultsGrid({
  fields,
  records,
  sort,
  onSortChange,
  widths = NO_WIDTHS,
  pinned = NO_PINS,
  onLayoutChange,
  onHideColumn,
  onFilterByValue,
  onShowSummary,
  hasPreviousPage = false,
  hasNextPage = false,
  onPageStep,
}: ResultsGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const bodyRef = useRef<HTMLTableSectionElement>(null)
  const [fullValue, setFullValue] = useState<string | null>(null)
  const [filterField, setFilterField] = useState<string | null>(null)
  const [openRecord, setOpenRecord] = useState<number | null>(null)
  const [activeRow, setActiveRow] = useState(0)
  const [activeCol, setActiveCol] = useState(0)
  const [selection, setSelection] = useState<CellSelection | null>(null)
  const [copyNote, setCopyNote] = useState('')
  // Widths being dragged or stepped with keys: drawn at once, kept in the view when settled.
  const [liveWidths, setLiveWidths] = useState<Readonly<Record<string, number>>>(NO_WIDTHS)
  const dragged = useRef<string | null>(null)
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

  const pinnedShown = useMemo(() => pinned.filter((id) => fields.some((field) => field.id === id)), [pinned, fields])
  // The first column drawn (a pinned one, else the first field) also holds the row's Details button.
  const firstId = pinnedShown[0] ?? fields[0]?.id
  const guessedWidths = useMemo(
    () => columnWidths(fields, records).map((width, index) => (fields[index]?.id === firstId ? width + DETAILS_BUTTON_PX : width)),
    [fields, records, firstId],
  )
  const sizing = useMemo<ColumnSizingState>(() => ({ ...widths, ...liveWidths }), [widths, liveWidths])
  const fieldById = useMemo(() => new Map(fields.map((field) => [field.id, field])), [fields])

  // The rows are the records themselves; the table model is given only the ones drawn (below).
  // oxlint-disable-next-line react/incompatible-library -- no React Compiler here; the virtualizer is used as documented
  const virtualizer = useVirtualizer({
    count: records.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  })
  const rowItems = virtualizer.getVirtualItems()
  const firstRow = rowItems[0]?.index ?? 0
  const lastRow = rowItems.at(-1)?.index ?? -1
  const drawnRecords = useMemo(() => records.slice(firstRow, lastRow + 1), [records, firstRow, lastRow])

  const commitLayout = (change: LayoutChange) => onLayoutChange?.(change)
  const table = useGridTable({
    fields,
    guessedWidths,
    sizing,
    pinned: pinnedShown,
    sort,
    rows: drawnRecords,
    firstRow,
    onSizingChange: setLiveWidths,
    onPinnedChange: (next) => commitLayout({ pinned: next }),
    onOrderChange: (order) => commitLayout({ order }),
  })
  const startColumns = table.getStartVisibleLeafColumns()
  const centerColumns = table.getCenterVisibleLeafColumns()
  const shownColumns = useMemo(() => [...startColumns, ...centerColumns], [startColumns, centerColumns])
  // Summed here, not with the table's get*TotalSize(): those build header groups first, which for
  // 10,000 columns took seconds (the grid draws its header cells from the columns, not from headers).
  const startWidth = sumSizes(startColumns)
  const totalWidth = startWidth + sumSizes(centerColumns)

  // A wide answer draws only the unpinned columns in view (and a few either side), in the header as
  // in the body: 10,000 fields drawn at once froze the tab. Pinned columns are always drawn.
  const windowed = centerColumns.length > COLUMNS_ALWAYS_DRAWN
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: centerColumns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => centerColumns[index]?.getSize() ?? 120,
    overscan: COLUMN_OVERSCAN,
    scrollMargin: startWidth,
    enabled: windowed,
  })
  // The columns' widths or places changed (props and memos only: the table's own arrays are new each render).
  useEffect(() => {
    if (windowed) columnVirtualizer.measure()
  }, [windowed, sizing, startWidth, fields, pinnedShown, columnVirtualizer])
  const columnItems = windowed ? columnVirtualizer.getVirtualItems() : []
  const drawnCenter = windowed ? columnItems.map((item) => item.index) : centerColumns.map((_column, index) => index)
  const centerGap = windowed ? Math.max(0, (columnItems[0]?.start ?? startWidth) - startWidth) : 0
  const drawnColumns: { column: GridColumn; position: number }[] = [
    ...startColumns.map((column, position) => ({ column, position })),
    ...drawnCenter.flatMap((index) => {
      const column = centerColumns[index]
      return column === undefined ? [] : [{ column, position: startColumns.length + index }]
    }),
  ]
  const firstCenterPosition = startColumns.length + (drawnCenter[0] ?? 0)

  const cellStyle = (column: GridColumn, position: number): CSSProperties => {
    const width = column.getSize()
    const style: CSSProperties = { width, minWidth: width, maxWidth: width }
    if (column.getIsPinned() === 'start') style.left = column.getStart('start')
    if (position === firstCenterPosition && centerGap > 0) style.marginLeft = centerGap
    return style
  }

  const handleToggle = (field: string, multi: boolean) => onSortChange(toggleSort(sort, field, multi))
  const active = Math.min(activeRow, Math.max(0, records.length - 1))
  const activeColumn = Math.min(activeCol, Math.max(0, shownColumns.length - 1))

  // New records start again at their first row; the record panel closes, unless the user paged from
  // it, in which case it shows the new page's first (Next) or last (Previous) record.
  const [shownRecords, setShownRecords] = useState(records)
  const [shownFields, setShownFields] = useState(fields)
  const [panelAfterPaging, setPanelAfterPaging] = useState<'first' | 'last' | null>(null)
  if (shownRecords !== records) {
    setShownRecords(records)
    setActiveRow(0)
    setSelection(null)
    setOpenRecord(panelAfterPaging === null || records.length === 0 ? null : panelAfterPaging === 'first' ? 0 : records.length - 1)
    setPanelAfterPaging(null)
  }
  if (shownFields !== fields) {
    setShownFields(fields)
    setSelection(null)
    setLiveWidths(NO_WIDTHS)
  }
  const bounds = selection ? selectionBounds(selection) : undefined

  useEffect(() => {
    if (!focusRowPending.current) return
    const row = bodyRef.current?.querySelector<HTMLElement>(`tr[aria-rowindex="${active + 2}"]`)
    if (row) {
      focusRowPending.current = false
      row.focus({ preventScroll: true })
    }
  })

  const showColumn = (position: number) => {
    const center = position - startColumns.length
    if (windowed && center >= 0) columnVirtualizer.scrollToIndex(center, { align: 'auto' })
    else if (center >= 0) {
      const column = shownColumns[position]
      const scroller = scrollRef.current
      if (column && scroller) {
        const left = column.getStart() - startWidth
        const right = column.getStart() + column.getSize()
        if (left < scroller.scrollLeft) scroller.scrollLeft = Math.max(0, left)
        else if (right > scroller.scrollLeft + scroller.clientWidth) scroller.scrollLeft = right - scroller.clientWidth
      }
    }
  }
  const focusRow = (index: number) => {
    focusRowPending.current = true
    setActiveRow(index)
    virtualizer.scrollToIndex(index, { align: 'auto' })
  }
  const copy = (fieldIds: string[], rows: readonly GridRecord[], what: string) => {
    void copyText(toTsv(fieldIds, rows)).then((done) => setCopyNote(done ? `Copied ${what} (tab-separated, with the header row).` : 'The browser did not allow copying.'))
  }
  const copySelection = () => {
    const area = bounds ?? selectionBounds(cellAt(active, activeColumn))
    const ids = shownColumns.slice(area.left, area.right + 1).map((column) => column.id)
    const rows = records.slice(area.top, area.bottom + 1)
    copy(ids, rows, `${plural(rows.length, 'row', 'rows')} × ${plural(ids.length, 'column', 'columns')}`)
  }
  const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1)
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    if (event.target !== event.currentTarget) return
    if (event.key === 'Enter') {
      event.preventDefault()
      setOpenRecord(index)
      return
    }
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'c' && !hasTextSelection()) {
      event.preventDefault()
      copySelection()
      return
    }
    if (event.shiftKey && event.key.startsWith('Arrow')) {
      const next = extendSelection(selection ?? cellAt(index, activeColumn), event.key, records.length, shownColumns.length)
      if (next === undefined) return
      event.preventDefault()
      setSelection(next)
      setActiveCol(next.focus.col)
      showColumn(next.focus.col)
      if (next.focus.row !== index) focusRow(next.focus.row)
      return
    }
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault()
      const col = Math.max(0, Math.min(shownColumns.length - 1, activeColumn + (event.key === 'ArrowLeft' ? -1 : 1)))
      setActiveCol(col)
      setSelection(cellAt(index, col))
      showColumn(col)
      return
    }
    const next = rowAfterKey(event.key, index, records.length, pageRows)
    if (next === undefined) return
    event.preventDefault()
    if (selection !== null) setSelection(cellAt(next, activeColumn))
    focusRow(next)
  }
  const onCellPointer = (event: MouseEvent<HTMLTableCellElement>, row: number, col: number) => {
    if (event.button !== 0 || (event.target as Element).closest('button, a') !== null) return
    if (event.shiftKey) {
      // Extends the selection; no text selection of the page between the two cells.
      event.preventDefault()
      setSelection({ anchor: selection?.anchor ?? { row: active, col: activeColumn }, focus: { row, col } })
    } else {
      setSelection(cellAt(row, col))
    }
    setActiveCol(col)
    setActiveRow(row)
  }

  // The sort and pin items are always there; the others only when the page can do them.
  const baseItems = useMemo(
    () => columnMenuItems({ hide: onHideColumn !== undefined && fields.length > 1, filter: onFilterByValue !== undefined, summary: onShowSummary !== undefined }),
    [onHideColumn, onFilterByValue, onShowSummary, fields.length],
  )
  const itemsFor = (field: string, isPinned: boolean): ColumnMenuItem[] =>
    baseItems.filter((item) => {
      if (item.action === 'pin') return onLayoutChange !== undefined && !isPinned
      if (item.action === 'unpin') return onLayoutChange !== undefined && isPinned
      // `_id` has no summary (it numbers the records).
      if (item.action === 'summary') return field !== '_id'
      return true
    })
  const onColumnAction = (column: GridColumn, action: ColumnAction) => {
    const field = column.id
    switch (action) {
      case 'sort-asc':
      case 'sort-desc':
        onSortChange([{ field, direction: action === 'sort-asc' ? 'asc' : 'desc' }])
        break
      case 'pin':
        column.pin('start')
        break
      case 'unpin':
        column.pin(false)
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
      case 'copy':
        copy([field], records, `the ${field} column (${plural(records.length, 'value', 'values')})`)
        break
    }
  }
  const liveWidth = (field: string, width: number) => table.setColumnSizing((previous) => ({ ...previous, [field]: width }))
  const commitWidth = (field: string, width: number) => {
    setLiveWidths(NO_WIDTHS)
    // Object.fromEntries keeps a field named `__proto__` an own entry.
    if (onLayoutChange) onLayoutChange({ widths: Object.fromEntries([...Object.entries(widths).filter(([id]) => id !== field), [field, width]]) })
    else setLiveWidths(Object.fromEntries([[field, width]]))
  }
  const fitColumn = (column: GridColumn) => {
    const field = fieldById.get(column.id)
    if (field === undefined) return
    const style = scrollRef.current ? getComputedStyle(scrollRef.current) : undefined
    const measure = canvasMeasure(`${style?.fontSize ?? '14px'} ${style?.fontFamily ?? 'sans-serif'}`, `650 ${style?.fontSize ?? '14px'} monospace`)
    commitWidth(column.id, fitWidth(field, (index) => cellValue(records[index] ?? {}, field.id), records.length, measure, column.id === firstId ? DETAILS_BUTTON_PX : 0))
  }
  const onDragStartField = (field: string, event: DragEvent<HTMLTableCellElement>) => {
    if (onLayoutChange === undefined) return
    dragged.current = field
    event.dataTransfer.setData(DRAG_TYPE, field)
    event.dataTransfer.effectAllowed = 'move'
  }
  const onDropOnField = (target: string, event: DragEvent<HTMLTableCellElement>) => {
    const source = event.dataTransfer.getData(DRAG_TYPE) || dragged.current
    dragged.current = null
    if (!source || source === target) return
    event.preventDefault()
    const order = fields.map((field) => field.id).filter((id) => id !== source)
    const at = order.indexOf(target)
    // Dropped on a column further on: it goes after that column; further back: before it.
    const sourceIndex = fields.findIndex((field) => field.id === source)
    const targetIndex = fields.findIndex((field) => field.id === target)
    order.splice(sourceIndex < targetIndex ? at + 1 : at, 0, source)
    table.setColumnOrder(order)
  }
  const closeRecord = () => {
    if (openRecord !== null) focusRow(openRecord)
    setOpenRecord(null)
  }
  const detailRecord = openRecord === null ? undefined : records[openRecord]
  const rows = table.getRowModel().rows

  return (
    <div className="results">
      <div className="grid-scroll" ref={scrollRef}>
        <table aria-label="Results" aria-rowcount={records.length + 1} aria-colcount={shownColumns.length} className="grid" style={{ width: totalWidth }}>
          <thead>
            <tr aria-rowindex={1}>
              {drawnColumns.map(({ column, position }) => {
                const field = fieldById.get(column.id)
                if (field === undefined) return null
                const isPinned = column.getIsPinned() === 'start'
                const items = itemsFor(field.id, isPinned)
                return (
                  <SortHeader
                    key={field.id}
                    field={field.id}
                    type={field.type}
                    label={field.label}
                    notes={field.notes}
                    colIndex={position + 1}
                    numeric={isNumericType(field.type)}
                    pinned={isPinned}
                    style={cellStyle(column, position)}
                    sort={sort}
                    onToggle={handleToggle}
                    onDragStartField={onDragStartField}
                    onDropOnField={onDropOnField}
                  >
                    {items.length > 0 ? <ColumnMenu field={field.id} items={items} onAction={(action) => onColumnAction(column, action)} /> : null}
                    <ResizeHandle
                      field={field.id}
                      width={column.getSize()}
                      onLive={(width) => liveWidth(field.id, width)}
                      onCommit={(width) => commitWidth(field.id, width)}
                      onFit={() => fitColumn(column)}
                    />
                  </SortHeader>
                )
              })}
            </tr>
          </thead>
          <tbody ref={bodyRef} style={{ height: virtualizer.getTotalSize() }}>
            {rowItems.map((item) => {
              const record = rows[item.index - firstRow]?.original
              if (record === undefined) return null
              return (
                <tr
                  key={item.index}
                  aria-rowindex={item.index + 2}
                  tabIndex={item.index === active ? 0 : -1}
                  onKeyDown={(event) => onRowKey(event, item.index)}
                  onFocus={(event) => event.target === event.currentTarget && setActiveRow(item.index)}
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT, width: totalWidth }}
                >
                  {drawnColumns.map(({ column, position }) => {
                    const field = fieldById.get(column.id)
                    if (field === undefined) return null
                    const value = cellValue(record, field.id)
                    const filterValue = onFilterByValue ? filterText(value) : undefined
                    const selected = isSelected(bounds, item.index, position)
                    const classes = [
                      isNumericType(field.type) ? 'col-numeric' : '',
                      column.getIsPinned() === 'start' ? 'col-pinned' : '',
                      selected ? 'cell-selected' : '',
                      item.index === active && position === activeColumn && selection !== null ? 'cell-active' : '',
                    ]
                      .filter(Boolean)
                      .join(' ')
                    return (
                      <td
                        key={field.id}
                        aria-colindex={position + 1}
                        className={classes || undefined}
                        style={cellStyle(column, position)}
                        onMouseDown={(event) => onCellPointer(event, item.index, position)}
                      >
                        {position === 0 ? (
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
      <p className="grid-note" aria-live="polite">
        {copyNote}
      </p>
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
