// The grid's scroll position and view size as React state, kept only as precisely as the drawing
// needs: a scroll renders when the rows or columns to draw change (or scrolling starts or stops),
// and then at once (flushSync), so the rows are there in the frame that shows them. One listener
// reads both offsets before anything is drawn, so no read forces a layout of rows just drawn.
import { useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { flushSync } from 'react-dom'
import { columnRange, EMPTY_RANGE, rowRange, sameRange, type ColumnPlaces, type IndexRange } from './scroll-window.ts'

/** After this long without a scroll event, scrolling has stopped. */
const SCROLL_END_MS = 150

export interface WindowOptions {
  rowCount: number
  rowHeight: number
  rowOverscan: number
  /** The columns' places when only the columns in view are drawn; null when every column is. */
  columns: ColumnPlaces | null
  columnOverscan: number
}

interface View {
  top: number
  left: number
  width: number
  height: number
  scrolling: boolean
}

export interface ScrollWindow {
  rows: IndexRange
  /** The unpinned columns drawn (positions), when only the columns in view are. */
  columns: IndexRange
  /** The grid is being scrolled (a scroll event came less than 150 ms ago). */
  scrolling: boolean
}

function windowOf(view: View, options: WindowOptions): ScrollWindow {
  return {
    rows: rowRange(view.top, view.height, options.rowCount, options.rowHeight, options.rowOverscan),
    columns: options.columns === null ? EMPTY_RANGE : columnRange(view.left, view.width, options.columns, options.columnOverscan),
    scrolling: view.scrolling,
  }
}

function sameWindow(a: ScrollWindow, b: ScrollWindow): boolean {
  return a.scrolling === b.scrolling && sameRange(a.rows, b.rows) && sameRange(a.columns, b.columns)
}

const NO_VIEW: View = { top: 0, left: 0, width: 0, height: 0, scrolling: false }

interface Drawn {
  view: View
  options: WindowOptions
}

/**
 * Draws `next` when the drawing it gives differs from the one drawn (or the view's size does: rows
 * to come are drawn for it); offsets that change nothing drawn are not worth a render.
 */
function drawIfChanged(next: View, drawn: Drawn, options: WindowOptions, setView: (view: View) => void, sync: boolean): void {
  const shown = drawn.view
  if (next.width === shown.width && next.height === shown.height && sameWindow(windowOf(shown, options), windowOf(next, options))) return
  drawn.view = next
  if (sync) flushSync(() => setView(next))
  else setView(next)
}

/** The rows and columns to draw for `scrollRef`'s element as it scrolls and resizes. */
export function useScrollWindow(scrollRef: RefObject<HTMLElement | null>, options: WindowOptions): ScrollWindow {
  const [view, setView] = useState<View>(NO_VIEW)
  const drawn = useRef<Drawn>({ view, options })
  // The element's offsets and size as last read: the view drawn may lag behind them by what changed nothing drawn.
  const measured = useRef<View>(NO_VIEW)
  useLayoutEffect(() => {
    drawn.current = { view, options }
  })
  // New rows or columns (a new answer, a wide one after a narrow one) are drawn for the offsets the
  // element has now, not for the ones last drawn.
  const { rowCount, columns } = options
  useLayoutEffect(() => {
    drawIfChanged(measured.current, drawn.current, { ...drawn.current.options, rowCount, columns }, setView, false)
  }, [rowCount, columns])

  useLayoutEffect(() => {
    const element = scrollRef.current
    if (element === null) return undefined
    // The size is read when it changes (a resize), not on every scroll.
    let size = { width: element.clientWidth, height: element.clientHeight }
    const update = (scrolling: boolean, sync: boolean) => {
      measured.current = { top: element.scrollTop, left: Math.abs(element.scrollLeft), ...size, scrolling }
      drawIfChanged(measured.current, drawn.current, drawn.current.options, setView, sync)
    }
    let ended: ReturnType<typeof setTimeout> | undefined
    const onScroll = () => {
      clearTimeout(ended)
      ended = setTimeout(() => update(false, false), SCROLL_END_MS)
      update(true, true)
    }
    update(false, false)
    element.addEventListener('scroll', onScroll, { passive: true })
    const onResize = () => {
      size = { width: element.clientWidth, height: element.clientHeight }
      update(drawn.current.view.scrolling, false)
    }
    const resizes = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(onResize)
    resizes?.observe(element)
    return () => {
      clearTimeout(ended)
      element.removeEventListener('scroll', onScroll)
      resizes?.disconnect()
    }
  }, [scrollRef])

  return windowOf(view, options)
}
