// The width that fits a column's content (double-click on its resize separator), from the text
// actually shown: the header's name and the drawn text of the loaded values. Pure but for `measure`.
import { COLUMN_WIDTH_PX } from '../../query/url-codec.ts'
import { describeCell } from './cell-format.ts'

/** Values looked at: enough for a page of any size people read, bounded for 32,000 records. */
const SAMPLE_LIMIT = 2000
/** The header's sort arrow and menu button beside the name. */
const HEADER_EXTRA_PX = 62
const CELL_PADDING_PX = 24

export function fitWidth(
  field: { id: string; type: string },
  values: (index: number) => unknown,
  count: number,
  measure: (text: string, header: boolean) => number,
  extraPx = 0,
): number {
  let widest = measure(field.id, true) + HEADER_EXTRA_PX
  const step = Math.max(1, Math.ceil(count / SAMPLE_LIMIT))
  for (let index = 0; index < count; index += step) {
    widest = Math.max(widest, measure(describeCell(values(index), field.type).text, false) + CELL_PADDING_PX + extraPx)
  }
  return Math.round(Math.min(COLUMN_WIDTH_PX.max, Math.max(COLUMN_WIDTH_PX.min, widest)))
}

/** Measures text in the grid's fonts with one canvas (no layout of the page). */
export function canvasMeasure(cellFont: string, headerFont: string): (text: string, header: boolean) => number {
  const context = document.createElement('canvas').getContext('2d')
  if (context === null) return (text) => text.length * 8
  return (text, header) => {
    context.font = header ? headerFont : cellFont
    return context.measureText(text).width
  }
}
