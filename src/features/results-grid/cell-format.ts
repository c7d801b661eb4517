// Turns one record value into a description of how to show it. Pure: the component only renders
// what this says, always as text (never as HTML).
import { formatRecordNumber } from '../../query/locale-format.ts'

export type CellKind = 'null' | 'empty' | 'number' | 'boolean' | 'date' | 'link' | 'json' | 'text'

export interface CellDisplay {
  kind: CellKind
  /** What the cell shows (possibly shortened). */
  text: string
  /** The complete value as text, for the tooltip and the "full value" view. */
  full: string
  /** True when `text` is shorter than `full`. */
  truncated: boolean
  /** Only for `link`: the http(s) address, checked. */
  href?: string
}

const NUMERIC_TYPES = new Set(['int', 'int2', 'int4', 'int8', 'numeric', 'float4', 'float8', 'number', 'integer'])
const DATE_TYPES = new Set(['date', 'timestamp', 'timestamptz', 'datetime'])

export const MAX_CELL_CHARS = 120

/** Each type name seen, numeric or not: asked per column and per cell, of a few distinct names. */
const numericByName = new Map<string, boolean>()

export function isNumericType(type: string | undefined): boolean {
  if (type === undefined) return false
  let numeric = numericByName.get(type)
  if (numeric === undefined) {
    numeric = NUMERIC_TYPES.has(type.toLowerCase())
    numericByName.set(type, numeric)
  }
  return numeric
}

/** The address when `text` is a plain http(s) URL; anything else (javascript:, data:, spaces) is not. */
export function safeHttpUrl(text: string): string | undefined {
  if (!/^https?:\/\/[^\s]+$/i.test(text)) return undefined
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/

/** "2024-03-05T08:30:00.000Z" reads as "2024-03-05 08:30:00 UTC"; midnight timestamps keep their time. */
export function readableDate(text: string): string | undefined {
  const match = ISO_DATE_TIME.exec(text)
  if (!match) return undefined
  const [, day, time, zone] = match
  if (time === undefined) return day
  const zoneText = zone === undefined ? '' : zone === 'Z' ? ' UTC' : ` ${zone}`
  return `${day} ${time}${zoneText}`
}

function shorten(kind: CellKind, full: string, extra: Partial<CellDisplay> = {}): CellDisplay {
  const truncated = full.length > MAX_CELL_CHARS
  const text = truncated ? `${full.slice(0, MAX_CELL_CHARS - 1)}…` : full
  return { kind, text, full, truncated, ...extra }
}

/** A number reads with the locale's digit grouping; `full` (title, copies) stays the raw value. */
function numberCell(raw: string, value: number | string): CellDisplay {
  return { kind: 'number', text: formatRecordNumber(value), full: raw, truncated: false }
}

export function describeCell(value: unknown, type?: string): CellDisplay {
  if (value === null || value === undefined) return { kind: 'null', text: 'null', full: 'null', truncated: false }
  if (value === '') return { kind: 'empty', text: 'empty', full: '', truncated: false }
  if (typeof value === 'number' || typeof value === 'bigint') return numberCell(String(value), typeof value === 'number' ? value : String(value))
  if (typeof value === 'boolean') return shorten('boolean', String(value))
  if (typeof value === 'object') return shorten('json', JSON.stringify(value) ?? String(value))
  const text = String(value)
  if (isNumericType(type) && text.trim() !== '' && Number.isFinite(Number(text))) return numberCell(text, text)
  const href = safeHttpUrl(text)
  if (href !== undefined) return shorten('link', text, { href })
  const date = type !== undefined && DATE_TYPES.has(type.toLowerCase()) ? readableDate(text) : undefined
  if (date !== undefined) return { kind: 'date', text: date, full: text, truncated: false }
  return shorten('text', text)
}
