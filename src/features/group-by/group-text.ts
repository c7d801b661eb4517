// The words and numbers of the `Group by` panel. Numbers use the reader's locale (digit grouping);
// measures that are not whole numbers show at least two decimals; date bins read as dates. Pure.
import type { GroupAnswer } from '../../api/group-by/group-options.ts'
import type { Grouping, GroupingKey, GroupUnit } from '../../query/grouping.ts'
import { formatCount, formatDay, formatFixed, formatMonth, formatSignificant } from '../../query/locale-format.ts'

type KeyValue = string | number | boolean | null | undefined | unknown


/** `1,234,567`, `12.50`, `0.000123`. */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—'
  if (Number.isInteger(value)) return formatCount(value)
  if (value !== 0 && Math.abs(value) < 0.01) return formatSignificant(value)
  return formatFixed(value)
}


/** The first instant of a date bin's key (`2012`, `2012-01`, `2012-01-14`), or undefined. */
export function binDate(text: string, unit: GroupUnit): Date | undefined {
  const iso = unit === 'year' ? `${text}-01-01` : unit === 'month' ? `${text}-01` : text
  const time = Date.parse(`${iso}T00:00:00Z`)
  return Number.isNaN(time) ? undefined : new Date(time)
}

/** A key as the table shows it: numbers grouped, month bins `Jan 2012`, empty cells named. */
export function keyLabel(value: KeyValue, key: GroupingKey): string {
  if (value === null || value === undefined) return '(empty)'
  if (key.unit && typeof value === 'string') {
    const date = binDate(value, key.unit)
    if (date === undefined || key.unit === 'year') return value
    return key.unit === 'month' ? formatMonth(date) : formatDay(date)
  }
  if (typeof value === 'number') return formatNumber(value)
  if (value === '') return '(empty text)'
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** The text a filter compares a key with (what `Filter <field> = <value>` adds), or undefined. */
export function filterText(value: KeyValue, key: GroupingKey): string | undefined {
  if (key.unit || value === null || value === undefined || value === '') return undefined
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return undefined
}

/** `count`, `mean cost`. */
export function measureLabel(grouping: Grouping): string {
  return grouping.measure === 'count' || grouping.measureField === undefined ? 'count' : `${grouping.measure} ${grouping.measureField}`
}

export function keyHeading(key: GroupingKey): string {
  return key.unit ? `${key.field} (${key.unit})` : key.field
}

const plural = (count: number, word: string) => `${formatNumber(count)} ${word}${count === 1 ? '' : 's'}`

/** `exact over all N matching records`, or what the numbers are not exact over, and how they were had. */
export function scopeLine(answer: GroupAnswer, matching: number | undefined): string {
  const { scope, result } = answer
  const all = `exact over all ${plural(result.total, 'matching record')}`
  switch (scope.kind) {
    case 'engine':
      return all
    case 'sql':
      return `${all} (one datastore_search_sql statement on the server)`
    case 'counts':
      return `${all} (counted by the server: ${plural(scope.requests, 'datastore_search request')})`
    case 'fetched':
      return `${all} (every one fetched: ${plural(scope.requests, 'datastore_search request')})`
    case 'loaded': {
      if (scope.complete) return `${all} (every one of them is loaded)`
      const of = matching === undefined ? 'not all matching records' : `not all ${formatNumber(matching)} matching`
      const why =
        scope.reason === 'many-values'
          ? 'without datastore_search_sql the server counts fields of at most 20 values only'
          : 'this server offers no datastore_search_sql, and counting per value covers only a count by one field'
      return `from ${plural(scope.loaded, 'loaded record')}, ${of}: ${why}`
    }
  }
}

export function groupsLine(groups: number): string {
  return plural(groups, 'group')
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value)
  return /[",\n\r]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** The groups as CSV: one column per key (raw values, month keys as `2012-01`), the measure, the records. */
export function groupsCsv(answer: GroupAnswer, grouping: Grouping): string {
  const measure = measureLabel(grouping)
  const header = [...grouping.keys.map(keyHeading), measure, ...(measure === 'count' ? [] : ['records'])]
  const line = (keys: unknown[], value: number | null, count: number) => [...keys, value, ...(measure === 'count' ? [] : [count])].map(csvCell).join(',')
  const lines = [header.map(csvCell).join(','), ...answer.result.rows.map((row) => line(row.keys, row.value, row.count))]
  const { other } = answer.result
  if (other) lines.push(line([`(other: ${other.groups} groups)`, ...grouping.keys.slice(1).map(() => '')], other.value, other.count))
  return `${lines.join('\r\n')}\r\n`
}

/** The chart in words (its description; the `Groups` table holds the same in full): `count by category: Noise: 251,173; ...`. */
export function chartText(answer: GroupAnswer, grouping: Grouping): string {
  const { rows, other } = answer.result
  const shown = rows.slice(0, 50).map((row) => `${row.keys.map((value, i) => keyLabel(value, grouping.keys[i] ?? { field: '' })).join(', ')}: ${formatNumber(row.value)}`)
  const more = rows.length > 50 ? [`${formatNumber(rows.length - 50)} more in the Groups table`] : []
  const rest = other ? [`other (${formatNumber(other.groups)} groups): ${formatNumber(other.value)}`] : []
  return `${measureLabel(grouping)} by ${grouping.keys.map(keyHeading).join(' and ')}: ${[...shown, ...more, ...rest].join('; ')}`
}
