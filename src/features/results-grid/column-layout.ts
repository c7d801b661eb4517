// The grid's columns as it lays them out: the pinned ones first (in the order they were pinned), then
// the others in the view's field order; each column's width (a width set by the user, else its
// guessed one, within the bounds a link allows) and where it starts. Plain arrays, made once per
// layout: for an answer of 10,000 fields this is the only work done for every column (the table
// model and the drawing take only the columns in view), so it makes no map or object per column.
import { COLUMN_WIDTH_PX } from '../../query/url-codec.ts'

/** A column's width when nothing is guessed for it. */
export const DEFAULT_COLUMN_PX = 120

export interface ColumnLayout {
  /** The shown columns' field ids: the pinned ones, then the others. */
  ids: readonly string[]
  /** Where each shown column's field is in the fields laid out, in `ids` order. */
  fieldIndexes: Int32Array
  /** How many of `ids` are pinned (they come first). */
  pinnedCount: number
  /** Each shown column's width (px), in `ids` order. */
  sizes: Float64Array
  /** Where each shown column starts (px from the table's left edge), in `ids` order. */
  starts: Float64Array
  /** The pinned columns' width together. */
  startWidth: number
  totalWidth: number
}

/** A column's width: the one set, else the guessed one, within COLUMN_WIDTH_PX. */
export function columnWidth(guessed: number | undefined, set: number | undefined): number {
  return Math.min(Math.max(COLUMN_WIDTH_PX.min, set ?? guessed ?? DEFAULT_COLUMN_PX), COLUMN_WIDTH_PX.max)
}

/**
 * The layout of `fields` with `pinned` pinned (ids that name no field are left out, and a field
 * pinned twice is drawn once), `guessedWidths` in `fields` order and the widths set in `sizing`.
 * The first column drawn is guessed `firstExtraPx` wider (it also holds the row's Details button).
 */
export function columnLayout(
  fields: readonly { id: string }[],
  pinned: readonly string[],
  guessedWidths: readonly number[],
  sizing: Readonly<Record<string, number>>,
  firstExtraPx = 0,
): ColumnLayout {
  // The pinned fields in pin order, each with the first place it has among the fields.
  const pinnedAt = new Map<string, number>()
  if (pinned.length > 0) {
    const wanted = new Set(pinned)
    fields.forEach((field, index) => {
      if (wanted.has(field.id) && !pinnedAt.has(field.id)) pinnedAt.set(field.id, index)
    })
  }
  const ids: string[] = []
  const indexes: number[] = []
  for (const id of new Set(pinned)) {
    const index = pinnedAt.get(id)
    if (index === undefined) continue
    ids.push(id)
    indexes.push(index)
  }
  const pinnedCount = ids.length
  fields.forEach((field, index) => {
    if (pinnedCount === 0 || !pinnedAt.has(field.id)) {
      ids.push(field.id)
      indexes.push(index)
    }
  })
  const fieldIndexes = Int32Array.from(indexes)
  const sizes = new Float64Array(ids.length)
  const starts = new Float64Array(ids.length)
  const anySet = Object.keys(sizing).length > 0
  let left = 0
  let startWidth = 0
  for (let position = 0; position < ids.length; position++) {
    const id = ids[position] ?? ''
    const set = anySet && Object.hasOwn(sizing, id) ? sizing[id] : undefined
    const guessed = guessedWidths[fieldIndexes[position] ?? -1] ?? DEFAULT_COLUMN_PX
    const size = columnWidth(position === 0 ? guessed + firstExtraPx : guessed, set)
    sizes[position] = size
    starts[position] = left
    left += size
    if (position === pinnedCount - 1) startWidth = left
  }
  return { ids, fieldIndexes, pinnedCount, sizes, starts, startWidth, totalWidth: left }
}
