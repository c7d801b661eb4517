import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type DragEvent, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react'
import type { ColumnSizingState } from '@tanstack/react-table'
import type { SortKey } from '../../query/types.ts'
import { formatCount } from '../../query/locale-format.ts'
import { columnMenuItems, type ColumnAction } from '../columns/ColumnMenu.tsx'
import { FilterValueDialog } from '../columns/FilterValueDialog.tsx'
import { RecordPanel } from '../row-detail/RecordPanel.tsx'
import { isNumericType } from './cell-format.ts'
import { cellAt, extendSelection, selectionBounds, type CellSelection } from './cell-selection.ts'
import { columnLayout, DEFAULT_COLUMN_PX } from './column-layout.ts'
import { columnWidths, type GridField } from './column-widths.ts'
import { canvasMeasure, fitWidth } from './fit-width.ts'
import { FullValueDialog } from './FullValueDialog.tsx'
import { GridHeaderCell, type HeaderActions } from './GridHeaderCell.tsx'
import { GridRow, type DrawnColumn, type RowActions } from './GridRow.tsx'
import { drawOrder, RowSlots } from './row-slots.ts'
import { rowAfterKey } from './row-keys.ts'
import { scrollTopShowing } from './scroll-window.ts'
import { DRAG_TYPE } from './SortHeader.tsx'
import { toggleSort } from './sort-toggle.ts'
import { toTsv } from './tsv.ts'
import { cellValue, useGridTable, type GridRecord } from './use-grid-table.ts'
import { useScrollWindow } from './use-scroll-window.ts'
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
const OVERSCAN = 3
const DETAILS_BUTTON_PX = 30
/** Up to this many unpinned columns every cell of a drawn row is drawn; wider answers draw the columns in view. */
const COLUMNS_ALWAYS_DRAWN = 24
const COLUMN_OVERSCAN = 1
const NO_WIDTHS: Readonly<Record<string, number>> = Object.freeze({})
const NO_PINS: readonly string[] = Object.freeze([])

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

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`
}

/**
 * The records as a table named "Results": columns from the view's layout, rows and wide answers'
 * columns virtualised. The page hands it a new answer as deferred work, with the status and pager
 * that describe it (app/use-shown-answer.ts), so that React renders a big answer in slices.
 */
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
  const [hovered, setHovered] = useState<{ row: number; col: number } | null>(null)
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

  const guessedWidths = useMemo(() => columnWidths(fields, records), [fields, records])
  const sizing = useMemo<ColumnSizingState>(() => ({ ...widths, ...liveWidths }), [widths, liveWidths])
  // Made once per layout, never while the grid scrolls: the one pass over every column. The first
  // column drawn (a pinned one, else the first field) also holds the row's Details button.
  const layout = useMemo(() => columnLayout(fields, pinned, guessedWidths, sizing, DETAILS_BUTTON_PX), [fields, pinned, guessedWidths, sizing])
  const { ids: shownIds, pinnedCount, startWidth, totalWidth } = layout
  const centerCount = shownIds.length - pinnedCount
  const pinnedShown = useMemo(() => layout.ids.slice(0, layout.pinnedCount), [layout])
  const firstId = shownIds[0]

  // A wide answer draws only the unpinned columns in view (and one either side), in the header as
  // in the body: 10,000 fields drawn at once froze the tab. Pinned columns are always drawn.
  const windowed = centerCount > COLUMNS_ALWAYS_DRAWN
  const scrollWindow = useScrollWindow(scrollRef, {
    rowCount: records.length,
    rowHeight: ROW_HEIGHT,
    rowOverscan: OVERSCAN,
    columns: windowed ? layout : null,
    columnOverscan: COLUMN_OVERSCAN,
  })
  // The rows are the records themselves, drawn from the window.
  const rowItems = useMemo(() => {
    const items: { index: number; start: number }[] = []
    for (let index = scrollWindow.rows.first; index <= scrollWindow.rows.last; index++) items.push({ index, start: index * ROW_HEIGHT })
    return items
  }, [scrollWindow.rows.first, scrollWindow.rows.last])
  const [rowSlots] = useState(() => new RowSlots())
  const rowKeys = rowSlots.assign(rowItems.map((item) => item.index))
  const firstCenter = scrollWindow.columns.first
  const lastCenter = scrollWindow.columns.last
  const centerGap = windowed && lastCenter >= firstCenter ? Math.max(0, (layout.starts[firstCenter] ?? startWidth) - startWidth) : 0

  // Each column as drawn, made once per layout (pinned ones with their sticky offset), so a row or
  // header that stays in view gets the very same column objects while the grid scrolls.
  const describeColumn = useMemo(() => {
    const made = new Map<number, DrawnColumn>()
    return (position: number): DrawnColumn => {
      let drawn = made.get(position)
      if (drawn === undefined) {
        const id = layout.ids[position] ?? ''
        const width = layout.sizes[position] ?? DEFAULT_COLUMN_PX
        const isPinned = position < layout.pinnedCount
        const style: CSSProperties = { width, minWidth: width, maxWidth: width, ...(isPinned ? { left: layout.starts[position] } : {}) }
        const field = fields[layout.fieldIndexes[position] ?? -1] ?? { id, type: 'text' }
        drawn = { id, field, type: field.type, position, numeric: isNumericType(field.type), pinned: isPinned, pinnedEdge: isPinned && position === layout.pinnedCount - 1, style }
        // oxlint-disable-next-line react/immutability -- a cache filled as columns come into view: one layout always describes a column the same way
        made.set(position, drawn)
      }
      return drawn
    }
  }, [layout, fields])
  const drawnColumns = useMemo(() => {
    const drawn: DrawnColumn[] = []
    for (let position = 0; position < pinnedCount; position++) drawn.push(describeColumn(position))
    const add = (index: number) => {
      const described = describeColumn(pinnedCount + index)
      // The first unpinned column drawn starts after the columns scrolled past.
      drawn.push(drawn.length === pinnedCount && centerGap > 0 ? { ...described, style: { ...described.style, marginLeft: centerGap } } : described)
    }
    if (windowed) for (let position = firstCenter; position <= lastCenter; position++) add(position - pinnedCount)
    else for (let index = 0; index < centerCount; index++) add(index)
    return drawn
  }, [windowed, firstCenter, lastCenter, centerCount, pinnedCount, describeColumn, centerGap])

  // The table models the drawn columns (use-grid-table.ts): the ones a header menu or a resize edge can act on.
  const drawnModel = useMemo(
    () => ({ fields: drawnColumns.map((column) => column.field), widths: drawnColumns.map((column) => layout.sizes[column.position] ?? DEFAULT_COLUMN_PX) }),
    [drawnColumns, layout],
  )
  const commitLayout = (change: LayoutChange) => onLayoutChange?.(change)
  const table = useGridTable({
    fields: drawnModel.fields,
    widths: drawnModel.widths,
    sizing,
    order: fields,
    pinned: pinnedShown,
    sort,
    onSizingChange: setLiveWidths,
    onPinnedChange: (next) => commitLayout({ pinned: next }),
    onOrderChange: (order) => commitLayout({ order }),
  })

  const handleToggle = (field: string, multi: boolean) => onSortChange(toggleSort(sort, field, multi))
  const active = Math.min(activeRow, Math.max(0, records.length - 1))
  const activeColumn = Math.min(activeCol, Math.max(0, shownIds.length - 1))

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

  // A row handed to another record (row-slots.ts) takes the focus with it: the focus leaves, as it
  // did when a row scrolled out was removed. Putting the rows back in order when a scroll ends moves
  // elements, which takes the focus from a moved one: that is given back, as its record is the same.
  const focusedRow = useRef<{ element: HTMLElement; rowIndex: string } | null>(null)
  const focusedBeforeCommit = typeof document === 'undefined' ? null : document.activeElement
  useLayoutEffect(() => {
    const remembered = focusedRow.current
    if (remembered === null || focusedBeforeCommit !== remembered.element) return
    const { element, rowIndex } = remembered
    const showsSameRecord = element.isConnected && element.closest('tr')?.getAttribute('aria-rowindex') === rowIndex
    if (document.activeElement === element) {
      if (!showsSameRecord) element.blur()
    } else if (showsSameRecord) {
      element.focus({ preventScroll: true })
    }
  })

  useEffect(() => {
    if (!focusRowPending.current) return
    const row = bodyRef.current?.querySelector<HTMLElement>(`tr[aria-rowindex="${active + 2}"]`)
    if (row) {
      focusRowPending.current = false
      row.focus({ preventScroll: true })
    }
  })

  const showColumn = (position: number) => {
    if (position >= pinnedCount) {
      const start = layout.starts[position]
      const size = layout.sizes[position]
      const scroller = scrollRef.current
      if (start !== undefined && size !== undefined && scroller) {
        const left = start - startWidth
        const right = start + size
        if (left < scroller.scrollLeft) scroller.scrollLeft = Math.max(0, left)
        else if (right > scroller.scrollLeft + scroller.clientWidth) scroller.scrollLeft = right - scroller.clientWidth
      }
    }
  }
  const showRow = (index: number) => {
    const scroller = scrollRef.current
    if (!scroller) return
    const top = scrollTopShowing(index, ROW_HEIGHT, { top: scroller.scrollTop, height: scroller.clientHeight, headerHeight: bodyRef.current?.offsetTop ?? 0 })
    if (top !== undefined) scroller.scrollTop = top
  }
  const focusRow = (index: number) => {
    focusRowPending.current = true
    setActiveRow(index)
    showRow(index)
  }
  const copy = (fieldIds: string[], rows: readonly GridRecord[], what: string) => {
    void copyText(toTsv(fieldIds, rows)).then((done) => setCopyNote(done ? `Copied ${what} (tab-separated, with the header row).` : 'The browser did not allow copying.'))
  }
  const copySelection = () => {
    const area = bounds ?? selectionBounds(cellAt(active, activeColumn))
    const ids = shownIds.slice(area.left, area.right + 1)
    const rows = records.slice(area.top, area.bottom + 1)
    copy(ids, rows, `${plural(rows.length, 'row', 'rows')} × ${plural(ids.length, 'column', 'columns')}`)
  }
  // Read when a key asks for it, not while rendering: a read of the element's size then could force a layout.
  const pageRows = () => Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1)
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
      const next = extendSelection(selection ?? cellAt(index, activeColumn), event.key, records.length, shownIds.length)
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
      const col = Math.max(0, Math.min(shownIds.length - 1, activeColumn + (event.key === 'ArrowLeft' ? -1 : 1)))
      setActiveCol(col)
      setSelection(cellAt(index, col))
      showColumn(col)
      return
    }
    const next = rowAfterKey(event.key, index, records.length, pageRows())
    if (next === undefined) return
    event.preventDefault()
    if (selection !== null) setSelection(cellAt(next, activeColumn))
    focusRow(next)
  }
  const onCellPointer = (event: MouseEvent<HTMLTableCellElement>, row: number, col: number) => {
    if (event.button !== 0 || (event.target as Element).closest('button, a') !== null) return
    if (event.shiftKey) {
      // Extends the selection; no text selection of the page between the two cells. Preventing
      // that also keeps focus where it was, so the clicked row takes it here: the keys that follow
      // (Ctrl+C, Shift+arrows) start from the active cell, and no other row keeps a focus ring.
      event.preventDefault()
      event.currentTarget.closest('tr')?.focus({ preventScroll: true })
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
  const onColumnAction = (field: string, action: ColumnAction) => {
    switch (action) {
      case 'sort-asc':
      case 'sort-desc':
        onSortChange([{ field, direction: action === 'sort-asc' ? 'asc' : 'desc' }])
        break
      case 'pin':
        table.getColumn(field)?.pin('start')
        break
      case 'unpin':
        table.getColumn(field)?.pin(false)
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
  const fitColumn = (id: string) => {
    const field = fields.find((candidate) => candidate.id === id)
    if (field === undefined) return
    const style = scrollRef.current ? getComputedStyle(scrollRef.current) : undefined
    const measure = canvasMeasure(`${style?.fontSize ?? '14px'} ${style?.fontFamily ?? 'sans-serif'}`, `650 ${style?.fontSize ?? '14px'} monospace`)
    commitWidth(id, fitWidth(field, (index) => cellValue(records[index] ?? {}, field.id), records.length, measure, id === firstId ? DETAILS_BUTTON_PX : 0))
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

  // Rows and headers are memoised: what they report goes through objects made once, to the latest handlers.
  const handlers = {
    keyDown: onRowKey,
    focus: (event: FocusEvent<HTMLTableRowElement>, row: number) => {
      if (event.target instanceof HTMLElement) focusedRow.current = { element: event.target, rowIndex: String(row + 2) }
      if (event.target === event.currentTarget) setActiveRow(row)
    },
    cellPointer: onCellPointer,
    cellHover: (row: number, col: number) => setHovered((current) => (current?.row === row && current.col === col ? current : { row, col })),
    openRecord: (row: number) => setOpenRecord(row),
    showFull,
    filterByValue: (field: string, value: string) => onFilterByValue?.(field, value),
    toggleSort: handleToggle,
    dragStart: onDragStartField,
    drop: onDropOnField,
    columnAction: onColumnAction,
    liveWidth,
    commitWidth,
    fit: fitColumn,
  }
  const latest = useRef(handlers)
  useLayoutEffect(() => {
    latest.current = handlers
  })
  const rowActions = useMemo<RowActions>(
    () => ({
      keyDown: (event, row) => latest.current.keyDown(event, row),
      focus: (event, row) => latest.current.focus(event, row),
      cellPointer: (event, row, col) => latest.current.cellPointer(event, row, col),
      cellHover: (row, col) => latest.current.cellHover(row, col),
      openRecord: (row) => latest.current.openRecord(row),
      showFull: (full) => latest.current.showFull(full),
      filterByValue: (field, value) => latest.current.filterByValue(field, value),
    }),
    [],
  )
  const headerActions = useMemo<HeaderActions>(
    () => ({
      toggleSort: (field, multi) => latest.current.toggleSort(field, multi),
      dragStart: (field, event) => latest.current.dragStart(field, event),
      drop: (field, event) => latest.current.drop(field, event),
      columnAction: (field, action) => latest.current.columnAction(field, action),
      liveWidth: (field, width) => latest.current.liveWidth(field, width),
      commitWidth: (field, width) => latest.current.commitWidth(field, width),
      fit: (field) => latest.current.fit(field),
    }),
    [],
  )
  const filterable = onFilterByValue !== undefined

  return (
    <div className="results">
      <div className="grid-scroll" ref={scrollRef}>
        <table aria-label="Results" aria-rowcount={records.length + 1} aria-colcount={shownIds.length} className="grid" style={{ width: totalWidth }}>
          <thead>
            <tr aria-rowindex={1}>
              {drawnColumns.map((column) => (
                  <GridHeaderCell
                    key={column.id}
                    field={column.field}
                    column={column}
                    width={column.style.width as number}
                    sort={sort}
                    menuItems={baseItems}
                    layoutable={onLayoutChange !== undefined}
                    actions={headerActions}
                  />
              ))}
            </tr>
          </thead>
          <tbody ref={bodyRef} style={{ height: records.length * ROW_HEIGHT }}>
            {drawOrder(rowItems, rowKeys, scrollWindow.scrolling).map(({ item, key }) => {
              const record = records[item.index]
              if (record === undefined) return null
              const inSelection = bounds !== undefined && item.index >= bounds.top && item.index <= bounds.bottom
              return (
                <GridRow
                  key={key}
                  record={record}
                  row={item.index}
                  top={item.start}
                  height={ROW_HEIGHT}
                  width={totalWidth}
                  columns={drawnColumns}
                  current={item.index === active}
                  activeCol={item.index === active && selection !== null ? activeColumn : -1}
                  selectedFrom={inSelection ? bounds.left : -1}
                  selectedTo={inSelection ? bounds.right : -1}
                  hoveredCol={hovered?.row === item.index ? hovered.col : -1}
                  filterable={filterable}
                  actions={rowActions}
                />
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
            showRow(position)
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
