import { useMemo, useRef, useState } from 'react'
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { SortKey } from '../../query/types.ts'
import { describeCell, isNumericType } from './cell-format.ts'
import { CellValue } from './CellValue.tsx'
import { columnWidths, type GridField } from './column-widths.ts'
import { FullValueDialog } from './FullValueDialog.tsx'
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
}

const features = tableFeatures({})
const helper = createColumnHelper<typeof features, GridRecord>()
const ROW_HEIGHT = 34
const OVERSCAN = 8

/** The records as a table named "Results": columns in `fields` order, rows virtualised. */
export function ResultsGrid({ fields, records, sort, onSortChange }: ResultsGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const [fullValue, setFullValue] = useState<string | null>(null)
  const openedFrom = useRef<HTMLElement | null>(null)
  const showFull = (full: string) => {
    openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setFullValue(full)
  }
  const closeFull = () => {
    setFullValue(null)
    openedFrom.current?.focus()
  }
  // Columns are addressed by id through an accessor function, so a field named "a.b" is one column;
  // only own properties count, so a field named "constructor" never reads Object.prototype.
  const columns = useMemo(
    () => helper.columns(fields.map((field) => helper.accessor((row: GridRecord) => (Object.hasOwn(row, field.id) ? row[field.id] : null), { id: field.id, header: field.id }))),
    [fields],
  )
  const data = useMemo(() => [...records], [records])
  const widths = useMemo(() => columnWidths(fields, records), [fields, records])
  const numeric = useMemo(() => fields.map((field) => isNumericType(field.type)), [fields])
  const table = useTable({ features, columns, data, getRowId: (_row, index) => String(index) })
  const rows = table.getRowModel().rows
  // oxlint-disable-next-line react/incompatible-library -- no React Compiler here; the virtualizer is used as documented
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  })
  const totalWidth = widths.reduce((sum, width) => sum + width, 0)
  const handleToggle = (field: string, multi: boolean) => onSortChange(toggleSort(sort, field, multi))

  return (
    <div className="results">
      <div className="grid-scroll" ref={scrollRef}>
        <table
          aria-label="Results"
          aria-rowcount={rows.length + 1}
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
                  width={widths[index] ?? 120}
                  numeric={numeric[index] ?? false}
                  sort={sort}
                  onToggle={handleToggle}
                />
              ))}
            </tr>
          </thead>
          <tbody style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index]
              if (row === undefined) return null
              return (
                <tr
                  key={row.id}
                  aria-rowindex={item.index + 2}
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                >
                  {row.getAllCells().map((cell, index) => (
                    <td
                      key={cell.id}
                      className={numeric[index] ? 'col-numeric' : undefined}
                      style={{ width: widths[index], minWidth: widths[index], maxWidth: widths[index] }}
                    >
                      <CellValue display={describeCell(cell.getValue(), fields[index]?.type)} onShowFull={showFull} />
                    </td>
                  ))}
                </tr>
              )
            })}
          </tbody>
        </table>
        {rows.length === 0 ? <p className="grid-empty">No records match this query.</p> : null}
      </div>
      {fullValue !== null ? <FullValueDialog value={fullValue} onClose={closeFull} /> : null}
    </div>
  )
}
