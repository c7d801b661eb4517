import { Fragment, useState } from 'react'
import type { GroupAnswer } from '../../api/group-by/group-options.ts'
import type { Grouping } from '../../query/grouping.ts'
import { filterText, formatNumber, keyHeading, keyLabel, measureLabel } from './group-text.ts'

type Row = GroupAnswer['result']['rows'][number]
type Column = { kind: 'key'; index: number } | { kind: 'value' } | { kind: 'count' }
interface Sorting {
  column: Column
  direction: 'ascending' | 'descending'
}

function compareKeys(a: unknown, b: unknown): number {
  if (a === b) return 0
  if (a === null || a === undefined) return 1
  if (b === null || b === undefined) return -1
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return String(a).localeCompare(String(b))
}

function sortRows(rows: readonly Row[], sorting: Sorting | undefined): Row[] {
  if (!sorting) return [...rows]
  const { column, direction } = sorting
  const sign = direction === 'ascending' ? 1 : -1
  const valueOf = (row: Row) => (column.kind === 'key' ? row.keys[column.index] : column.kind === 'value' ? row.value : row.count)
  // empty keys and measures stay last whichever way
  return rows.toSorted((a, b) => {
    const va = valueOf(a)
    const vb = valueOf(b)
    if (va === null || vb === null) return va === vb ? 0 : va === null ? 1 : -1
    return sign * compareKeys(va, vb)
  })
}

const sameColumn = (a: Column, b: Column) => a.kind === b.kind && (a.kind !== 'key' || (b.kind === 'key' && a.index === b.index))

/** The `Groups` table: one row per group (the `other` row last), sortable by any column; each key one press from a filter. */
export function GroupsTable({ id, answer, grouping, onFilter }: { id: string; answer: GroupAnswer; grouping: Grouping; onFilter: (field: string, value: string) => void }) {
  const [sorting, setSorting] = useState<Sorting>()
  const measure = measureLabel(grouping)
  const withCount = grouping.measure !== 'count'
  const rows = sortRows(answer.result.rows, sorting)
  const { other } = answer.result
  const header = (column: Column, label: string, numeric: boolean) => {
    const active = sorting && sameColumn(sorting.column, column) ? sorting.direction : undefined
    const next = active === 'descending' ? 'ascending' : 'descending'
    return (
      <th scope="col" aria-sort={active ?? 'none'} className={numeric ? 'numeric' : undefined}>
        <button type="button" className="group-sort" onClick={() => setSorting({ column, direction: active === undefined && !numeric ? 'ascending' : next })}>
          {label}
          <span aria-hidden="true">{active === 'ascending' ? ' ▲' : active === 'descending' ? ' ▼' : ''}</span>
        </button>
      </th>
    )
  }
  return (
    <div className="group-table-wrap">
      <table id={id} className="group-table" aria-label="Groups">
        <thead>
          <tr>
            {grouping.keys.map((key, index) => (
              <Fragment key={`${key.field} ${index}`}>{header({ kind: 'key', index }, keyHeading(key), false)}</Fragment>
            ))}
            {header({ kind: 'value' }, measure, true)}
            {withCount ? header({ kind: 'count' }, 'records', true) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={JSON.stringify(row.keys)}>
              {grouping.keys.map((key, index) => {
                const value = row.keys[index]
                const text = filterText(value, key)
                const label = keyLabel(value, key)
                return (
                  <td key={`${key.field} ${index}`}>
                    {text === undefined ? (
                      <span className={value === null ? 'group-empty' : undefined}>{label}</span>
                    ) : (
                      <button type="button" className="group-key" aria-label={`Filter ${key.field} = ${text}`} onClick={() => onFilter(key.field, text)}>
                        {label}
                      </button>
                    )}
                  </td>
                )
              })}
              <td className="numeric">{formatNumber(row.value)}</td>
              {withCount ? <td className="numeric">{formatNumber(row.count)}</td> : null}
            </tr>
          ))}
        </tbody>
        {other ? (
          <tfoot>
            <tr>
              <td colSpan={grouping.keys.length}>other ({formatNumber(other.groups)} groups)</td>
              <td className="numeric">{formatNumber(other.value)}</td>
              {withCount ? <td className="numeric">{formatNumber(other.count)}</td> : null}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  )
}

