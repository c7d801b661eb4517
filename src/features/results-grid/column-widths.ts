// Column widths in pixels, guessed once per result from the field type, the header and a sample of
// values, so the virtualised rows and the header line up without measuring the DOM.
import { isNumericType } from './cell-format.ts'

export interface GridField {
  id: string
  type: string
  /** From the resource's data dictionary, shown above the id. */
  label?: string
  notes?: string
}

const CHAR_PX = 8
const PADDING_PX = 28
const SAMPLE_ROWS = 60
/** Cells looked at in all: an answer of thousands of fields is guessed from its first row or few. */
const SAMPLE_CELLS = 6000

function textLength(value: unknown): number {
  if (value === null || value === undefined || value === '') return 5
  if (typeof value === 'object') return Math.min(JSON.stringify(value)?.length ?? 4, 60)
  return String(value).length
}

export function columnWidths(fields: readonly GridField[], records: readonly Record<string, unknown>[]): number[] {
  const sample = records.slice(0, Math.max(1, Math.min(SAMPLE_ROWS, Math.floor(SAMPLE_CELLS / Math.max(1, fields.length)))))
  return fields.map((field) => {
    const longest = sample.reduce((max, record) => Math.max(max, textLength(record[field.id])), 0)
    // The header holds the name (under its label, if any), its sort arrow and the column menu button
    // (about 5 characters); a long label is cut short, with the whole in the header's title.
    const chars = Math.max(Math.max(field.id.length, Math.min(field.label?.length ?? 0, 24)) + 5, longest)
    const min = isNumericType(field.type) ? 64 : 90
    // Numbers are never cut short; text is, with the full value on demand.
    const max = isNumericType(field.type) ? 260 : 360
    return Math.round(Math.min(max, Math.max(min, chars * CHAR_PX + PADDING_PX)))
  })
}
