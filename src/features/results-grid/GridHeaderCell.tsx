// One column header as the grid draws it (sort button, menu, resize edge), memoised like the rows:
// scrolling sideways draws the headers that come into view, not all of them each frame.
import { memo, type DragEvent } from 'react'
import type { SortKey } from '../../query/types.ts'
import { ColumnMenu, type ColumnAction, type ColumnMenuItem } from '../columns/ColumnMenu.tsx'
import type { GridField } from './column-widths.ts'
import type { DrawnColumn } from './GridRow.tsx'
import { ResizeHandle } from './ResizeHandle.tsx'
import { SortHeader } from './SortHeader.tsx'

/** What headers report, by field; one stable object for the grid's life. */
export interface HeaderActions {
  toggleSort: (field: string, multi: boolean) => void
  dragStart: (field: string, event: DragEvent<HTMLTableCellElement>) => void
  drop: (field: string, event: DragEvent<HTMLTableCellElement>) => void
  columnAction: (field: string, action: ColumnAction) => void
  liveWidth: (field: string, width: number) => void
  commitWidth: (field: string, width: number) => void
  fit: (field: string) => void
}

interface GridHeaderCellProps {
  field: GridField
  column: DrawnColumn
  width: number
  sort: readonly SortKey[]
  /** The menu items the grid offers; pin or unpin, and summary, are chosen here per column. */
  menuItems: readonly ColumnMenuItem[]
  /** Pinning is offered (the view keeps it). */
  layoutable: boolean
  actions: HeaderActions
}

function itemsFor(items: readonly ColumnMenuItem[], field: string, pinned: boolean, layoutable: boolean): ColumnMenuItem[] {
  return items.filter((item) => {
    if (item.action === 'pin') return layoutable && !pinned
    if (item.action === 'unpin') return layoutable && pinned
    // `_id` has no summary (it numbers the records).
    if (item.action === 'summary') return field !== '_id'
    return true
  })
}

export const GridHeaderCell = memo(function GridHeaderCell({ field, column, width, sort, menuItems, layoutable, actions }: GridHeaderCellProps) {
  const items = itemsFor(menuItems, field.id, column.pinned, layoutable)
  return (
    <SortHeader
      field={field.id}
      type={field.type}
      label={field.label}
      notes={field.notes}
      colIndex={column.position + 1}
      numeric={column.numeric}
      pinned={column.pinned}
      pinnedEdge={column.pinnedEdge}
      style={column.style}
      sort={sort}
      onToggle={actions.toggleSort}
      onDragStartField={actions.dragStart}
      onDropOnField={actions.drop}
    >
      {items.length > 0 ? <ColumnMenu field={field.id} items={items} onAction={(action) => actions.columnAction(field.id, action)} /> : null}
      <ResizeHandle
        field={field.id}
        width={width}
        onLive={(next) => actions.liveWidth(field.id, next)}
        onCommit={(next) => actions.commitWidth(field.id, next)}
        onFit={() => actions.fit(field.id)}
      />
    </SortHeader>
  )
})
