// The grid's two virtualisers (rows, and the columns of a wide answer) follow one scrolling element.
// Each reading its own offset in its own scroll listener made the second read force a layout of
// the rows the first had just drawn, on every frame of a scroll; here one listener reads both
// offsets before either virtualiser draws anything. The virtualisers also read the element's scroll
// size when told an offset, and each drew at once (a synchronous render) when told: the second
// then read the size of the rows the first had just drawn, a forced layout of the whole grid, and
// the grid rendered twice a frame. So both are told inside one batch (`batch`: React's flushSync,
// the virtualisers themselves not flushing), which draws once, before the frame is painted.
import type { Virtualizer } from '@tanstack/react-virtual'

type OffsetCallback = (offset: number, isScrolling: boolean) => void
type Observe = (instance: Virtualizer<HTMLDivElement, Element>, callback: OffsetCallback) => (() => void) | undefined

/** After this long without a scroll event, scrolling has stopped (as the virtualiser's own default). */
const SCROLL_END_MS = 150

export interface SharedScrollOffsets {
  observeTop: Observe
  observeLeft: Observe
}

/** Runs `tell` so that what the virtualisers ask to draw is drawn once, when it returns. */
export type Batch = (tell: () => void) => void

export function createSharedScrollOffsets(batch: Batch = (tell) => tell()): SharedScrollOffsets {
  const top = new Set<OffsetCallback>()
  const left = new Set<OffsetCallback>()
  let element: HTMLDivElement | null = null
  let rtl = false
  let ended: ReturnType<typeof setTimeout> | undefined

  const tell = (scrolling: boolean) => {
    if (element === null) return
    // Both read first, while the layout is still the one the browser just scrolled.
    const topOffset = element.scrollTop
    const leftOffset = element.scrollLeft * (rtl ? -1 : 1)
    batch(() => {
      for (const callback of top) callback(topOffset, scrolling)
      for (const callback of left) callback(leftOffset, scrolling)
    })
  }
  const onScroll = () => {
    clearTimeout(ended)
    ended = setTimeout(() => tell(false), SCROLL_END_MS)
    tell(true)
  }

  const observe =
    (callbacks: Set<OffsetCallback>): Observe =>
    (instance, callback) => {
      const scroller = instance.scrollElement
      if (scroller === null) return undefined
      if (element !== scroller) {
        element?.removeEventListener('scroll', onScroll)
        element = scroller
        element.addEventListener('scroll', onScroll, { passive: true })
      }
      rtl = instance.options.isRtl ?? false
      callbacks.add(callback)
      return () => {
        callbacks.delete(callback)
        if (top.size === 0 && left.size === 0) {
          element?.removeEventListener('scroll', onScroll)
          element = null
          clearTimeout(ended)
        }
      }
    }

  return { observeTop: observe(top), observeLeft: observe(left) }
}
