// The scale of a numeric cell: how many fraction digits it was loaded with. PostgreSQL's numeric
// keeps it (a CSV cell `5.0` comes back `5.0`, `0.10` stays `0.10`), and CKAN 2.11's csv/tsv records
// show it. The engine's stored text stays the canonical JSON number text (`5`, `0.1`), which filters,
// sorts, distinct and summaries compare; the scale is kept beside it, per numeric column, and only
// for the records whose loaded scale differs from that text's own (`ScaleColumns`). A JSON number has
// no scale (JSON `5.0` is the number 5): only a numeric cell given as text has one.

import type { CellValue, FieldType } from './types.ts'

const NUMERIC_INPUT = /^[+-]?(?:\d+(?:\.(\d*))?|\.(\d+))(?:[eE]([+-]?\d+))?$/
/** Stored scales are kept + 1 (0: as the stored text) in 16 bits at most. */
const LARGEST_SCALE = 0xfffe

/**
 * Fraction digits of a number as PostgreSQL's numeric input reads it: `5.0` 1, `0.10` 2, `5` 0,
 * `1.50e1` 1, `1e5` 0 (spaces around are ignored); undefined for text that is not such a number.
 */
export function loadedScale(text: string): number | undefined {
  const match = NUMERIC_INPUT.exec(text.trim())
  if (match === null) return undefined
  const fraction = (match[1] ?? match[2] ?? '').length
  const exponent = match[3] === undefined ? 0 : Number(match[3])
  return Math.max(0, fraction - exponent)
}

/** A JavaScript number text (`String(n)`: `0.1`, `1e-7`, `1.5e+21`) as a plain decimal, no exponent. */
export function plainDecimal(text: string): string {
  const e = text.indexOf('e')
  if (e === -1) return text
  const negative = text.startsWith('-')
  const mantissa = text.slice(negative ? 1 : 0, e)
  const exponent = Number(text.slice(e + 1))
  const point = mantissa.indexOf('.')
  const digits = point === -1 ? mantissa : mantissa.slice(0, point) + mantissa.slice(point + 1)
  // the decimal point sits after `whole` digits of `digits`
  const whole = (point === -1 ? mantissa.length : point) + exponent
  let plain: string
  if (whole <= 0) plain = `0.${'0'.repeat(-whole)}${digits}`
  else if (whole >= digits.length) plain = digits + '0'.repeat(whole - digits.length)
  else plain = `${digits.slice(0, whole)}.${digits.slice(whole)}`
  return negative ? `-${plain}` : plain
}

/** Fraction digits of a stored number text written as a plain decimal (`0.1` 1, `5` 0, `1e-7` 7). */
export function ownScale(text: string): number {
  const plain = plainDecimal(text)
  const point = plain.indexOf('.')
  return point === -1 ? 0 : plain.length - point - 1
}

/** A stored number text as PostgreSQL writes a numeric of that scale: plain decimal, padded with zeros (`5`, 1 -> `5.0`). */
export function scaledText(text: string, scale = 0): string {
  const plain = plainDecimal(text)
  const point = plain.indexOf('.')
  const own = point === -1 ? 0 : plain.length - point - 1
  if (scale <= own) return plain
  return `${plain}${own === 0 ? '.' : ''}${'0'.repeat(scale - own)}`
}

/** The scale a numeric cell loaded as `raw` keeps beside its stored `text`, when it differs from the text's own. */
export function differingScale(raw: string, text: string): number | undefined {
  if (raw === text) return undefined
  const scale = loadedScale(raw)
  if (scale === undefined || scale === ownScale(text)) return undefined
  return Math.min(scale, LARGEST_SCALE)
}

/** The scale to keep for a record's cell given as `value` (only a numeric cell given as text has one). */
export function cellScale(type: FieldType, value: CellValue | undefined, text: string | null): number | undefined {
  return type === 'numeric' && typeof value === 'string' && text !== null ? differingScale(value, text) : undefined
}

/** Per column, the kept scales of its records (+ 1; 0 where the stored text tells it); read-only. */
export class ScaleColumns {
  constructor(private readonly columns: readonly (Uint8Array | Uint16Array | undefined)[]) {}

  /** The loaded scale of a cell where it differs from its stored text's own, else undefined. */
  scaleOf(record: number, column: number): number | undefined {
    const scales = this.columns[column]
    const kept = scales === undefined ? 0 : (scales[record] ?? 0)
    return kept === 0 ? undefined : kept - 1
  }
}

export const NO_SCALES = new ScaleColumns([])

/**
 * Collects kept scales while a table loads: a column gets one byte per record on its first kept
 * scale (two once a scale passes 254), so columns and files without any cost nothing.
 */
export class ScaleColumnsBuilder {
  private readonly columns: (Uint8Array | Uint16Array | undefined)[] = []

  /** The record's kept scales, by column (undefined: none). */
  add(record: number, scales: readonly (number | undefined)[]): void {
    for (let column = 0; column < scales.length; column++) {
      const scale = scales[column]
      if (scale !== undefined) this.set(record, column, scale)
    }
  }

  private set(record: number, column: number, scale: number): void {
    const kept = Math.min(scale, LARGEST_SCALE) + 1
    let scales = this.columns[column]
    if (scales === undefined || record >= scales.length || (kept > 0xff && scales instanceof Uint8Array)) {
      const length = Math.max(1024, scales === undefined || record >= scales.length ? (record + 1) * 2 : scales.length)
      const grown = kept > 0xff || scales instanceof Uint16Array ? new Uint16Array(length) : new Uint8Array(length)
      if (scales !== undefined) grown.set(scales)
      scales = grown
      this.columns[column] = scales
    }
    scales[record] = kept
  }

  /** The scales of the first `size` records (later additions do not show in it). */
  build(size: number): ScaleColumns {
    if (this.columns.length === 0) return NO_SCALES
    return new ScaleColumns(this.columns.map((scales) => scales?.subarray(0, size)))
  }
}
