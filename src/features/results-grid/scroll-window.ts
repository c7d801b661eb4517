// Which rows and columns the grid draws for a scroll position. Rows all have one height and the
// columns' places are known (column-layout.ts), so the window is arithmetic and a binary search: no
// per-row measurement to build when an answer arrives (a list virtualiser's measurements of 32,000
// rows were one of the costliest parts of drawing a new answer), and no element to measure.

/** Positions `first` to `last`, both included; empty when `last < first`. */
export interface IndexRange {
  first: number
  last: number
}

export const EMPTY_RANGE: IndexRange = Object.freeze({ first: 0, last: -1 })

/**
 * The rows drawn when the body is scrolled `top` px in a view `height` px high: those in view and
 * `overscan` more either side. A `top` past the end (the rows just got fewer) counts as the end.
 */
export function rowRange(top: number, height: number, count: number, rowHeight: number, overscan: number): IndexRange {
  if (count === 0 || height <= 0) return EMPTY_RANGE
  const clampedTop = Math.max(0, Math.min(top, count * rowHeight - height))
  const first = Math.max(0, Math.floor(clampedTop / rowHeight) - overscan)
  const last = Math.min(count - 1, Math.ceil((clampedTop + height) / rowHeight) - 1 + overscan)
  return { first, last }
}

/** The columns' places: where each starts and how wide it is (px), the first `pinnedCount` pinned. */
export interface ColumnPlaces {
  starts: ArrayLike<number>
  sizes: ArrayLike<number>
  pinnedCount: number
  /** The pinned columns' width together: they cover the start of the view. */
  startWidth: number
}

/**
 * The unpinned columns drawn (positions among all shown columns) when the grid is scrolled `left`
 * px in a view `width` px wide: those not hidden under the pinned ones or past the view's end, and
 * `overscan` more either side.
 */
export function columnRange(left: number, width: number, places: ColumnPlaces, overscan: number): IndexRange {
  const { starts, sizes, pinnedCount, startWidth } = places
  const count = starts.length
  if (count <= pinnedCount || width <= 0) return EMPTY_RANGE
  const viewStart = left + startWidth
  const viewEnd = left + width
  // the first unpinned column ending after the view's start
  let low = pinnedCount
  let high = count - 1
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((starts[middle] as number) + (sizes[middle] as number) > viewStart) high = middle
    else low = middle + 1
  }
  let last = low
  while (last + 1 < count && (starts[last + 1] as number) < viewEnd) last++
  return { first: Math.max(pinnedCount, low - overscan), last: Math.min(count - 1, last + overscan) }
}

export function sameRange(a: IndexRange, b: IndexRange): boolean {
  return a.first === b.first && a.last === b.last
}

/**
 * The scroll offset that brings a row into view, or undefined when it is in view already: the least
 * move, as a spreadsheet does. `headerHeight` px at the top of the view are covered by the header.
 */
export function scrollTopShowing(row: number, rowHeight: number, view: { top: number; height: number; headerHeight: number }): number | undefined {
  const rowTop = row * rowHeight
  if (rowTop < view.top) return rowTop
  const visibleRows = view.height - view.headerHeight
  if (rowTop + rowHeight > view.top + visibleRows) return Math.max(0, rowTop + rowHeight - visibleRows)
  return undefined
}
