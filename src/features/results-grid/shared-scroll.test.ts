import { describe, expect, it } from 'vitest'
import type { Virtualizer } from '@tanstack/react-virtual'
import { createSharedScrollOffsets } from './shared-scroll.ts'

/** A scrolling element that logs when its offsets are read, and fires its scroll listeners on demand. */
function fakeScroller(log: string[]) {
  const listeners = new Set<() => void>()
  let top = 0
  let left = 0
  const element = {
    get scrollTop() {
      log.push('read top')
      return top
    },
    get scrollLeft() {
      log.push('read left')
      return left
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }
  const scrollTo = (nextTop: number, nextLeft: number) => {
    top = nextTop
    left = nextLeft
    for (const listener of listeners) listener()
  }
  return { element, scrollTo, listeners }
}

describe('shared scroll offsets', () => {
  it('read both offsets once per scroll, before either virtualiser is told (so neither draws before the other reads)', () => {
    const log: string[] = []
    const scroller = fakeScroller(log)
    const offsets = createSharedScrollOffsets()
    const instance = { scrollElement: scroller.element, options: {} } as unknown as Virtualizer<HTMLDivElement, Element>
    const stopTop = offsets.observeTop(instance, (offset, scrolling) => log.push(`rows ${offset} ${scrolling}`))
    const stopLeft = offsets.observeLeft(instance, (offset, scrolling) => log.push(`columns ${offset} ${scrolling}`))
    expect(scroller.listeners.size).toBe(1)
    scroller.scrollTo(600, 60)
    expect(log).toEqual(['read top', 'read left', 'rows 600 true', 'columns 60 true'])
    stopTop?.()
    stopLeft?.()
    expect(scroller.listeners.size).toBe(0)
  })

  it('tell both virtualisers inside one batch, so what they ask for is drawn once a scroll', () => {
    const log: string[] = []
    const scroller = fakeScroller(log)
    const offsets = createSharedScrollOffsets((tell) => {
      log.push('batch start')
      tell()
      log.push('batch end')
    })
    const instance = { scrollElement: scroller.element, options: {} } as unknown as Virtualizer<HTMLDivElement, Element>
    offsets.observeTop(instance, (offset) => log.push(`rows ${offset}`))
    offsets.observeLeft(instance, (offset) => log.push(`columns ${offset}`))
    scroller.scrollTo(340, 0)
    expect(log).toEqual(['read top', 'read left', 'batch start', 'rows 340', 'columns 0', 'batch end'])
  })
})
