// The words and numbers the summaries show. Pure.
import type { CellValue, ShownSummary, SummaryPart } from '../../api/summaries/shown-summary.ts'
import { formatCount, formatDecimal } from '../../query/locale-format.ts'



export function formatShare(part: number, whole: number): string {
  if (whole <= 0 || part === 0) return '0%'
  const share = (part / whole) * 100
  if (share > 0 && share < 0.1) return '<0.1%'
  return `${share < 10 ? share.toFixed(1) : share.toFixed(0)}%`
}

/** Every digit of a number (JavaScript's shortest exact text), its whole part grouped: two values never share a label. */
export function fullNumber(value: number): string {
  const text = String(Math.abs(value))
  if (!Number.isFinite(value) || text.includes('e')) return String(value)
  const [whole = '0', fraction] = text.split('.')
  return `${value < 0 ? '-' : ''}${formatCount(Number(whole))}${fraction === undefined ? '' : `.${fraction}`}`
}

/** A value as the summary shows it: numbers grouped and unrounded, dates as written, empty text named. */
export function formatValue(value: CellValue | undefined): string {
  if (value === undefined || value === null) return '—'
  if (typeof value === 'number') return fullNumber(value)
  if (typeof value === 'string') return value === '' ? '(empty text)' : value
  return JSON.stringify(value)
}

/** A computed number (a mean) for reading: two decimals, and whether that rounded it. */
export function roundedNumber(value: number): { text: string; rounded: boolean } {
  const text = formatDecimal(value)
  return { text, rounded: text !== fullNumber(value) }
}

const PART_NAMES: Record<SummaryPart, string> = { distinct: 'distinct', empty: 'empty', top: 'top values', range: 'min and max', mean: 'mean', histogram: 'histogram' }

function list(words: string[]): string {
  if (words.length <= 1) return words.join('')
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

/** `exact over all N matching records`, `from N loaded records`, or which parts are which. */
export function scopeLine(shown: ShownSummary, parts: readonly SummaryPart[]): string {
  const exact = parts.filter((part) => shown.exact.includes(part))
  const loaded = `from ${formatCount(shown.loaded)} loaded records`
  if (exact.length === 0 || shown.matching === undefined) return shown.pending ? `${loaded} (asking the server for exact counts…)` : loaded
  const all = `exact over all ${formatCount(shown.matching)} matching records`
  if (exact.length === parts.length) return all
  const rest = parts.filter((part) => !shown.exact.includes(part))
  return `${list(exact.map((part) => PART_NAMES[part]))} ${all}; ${list(rest.map((part) => PART_NAMES[part]))} ${loaded}`
}

/** The parts a summary of this field shows. */
export function shownParts(shown: ShownSummary): SummaryPart[] {
  const { summary } = shown
  const parts: SummaryPart[] = ['distinct', 'empty']
  if (summary.top.length > 0) parts.push('top')
  if (summary.min !== undefined || summary.max !== undefined) parts.push('range')
  if (summary.mean !== undefined) parts.push('mean')
  if (summary.histogram) parts.push('histogram')
  return parts
}
