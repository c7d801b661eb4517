import { describe, expect, it } from 'vitest'
import { columnRange, rowRange, scrollTopShowing } from './scroll-window.ts'

describe('rowRange', () => {
  it('draws the rows in view and the overscan either side', () => {
    // 34 px rows, scrolled to row 100 exactly, a view of 10 rows
    expect(rowRange(3400, 340, 32_000, 34, 3)).toEqual({ first: 97, last: 112 })
    // a row partly in view at either edge is drawn
    expect(rowRange(3410, 340, 32_000, 34, 0)).toEqual({ first: 100, last: 110 })
  })

  it('stops at the first and last rows', () => {
    expect(rowRange(0, 340, 32_000, 34, 3)).toEqual({ first: 0, last: 12 })
    expect(rowRange(32_000 * 34 - 340, 340, 32_000, 34, 3)).toEqual({ first: 31_987, last: 31_999 })
  })

  it('takes a scroll past the end (the rows just got fewer) as the end', () => {
    expect(rowRange(1_000_000, 340, 30, 34, 3)).toEqual({ first: 17, last: 29 })
  })

  it('draws nothing without rows or without a view', () => {
    expect(rowRange(0, 340, 0, 34, 3).last).toBeLessThan(0)
    expect(rowRange(0, 0, 100, 34, 3).last).toBeLessThan(0)
  })
})

describe('columnRange', () => {
  // five columns of 100 px, the first pinned: the view's first 100 px are covered by it
  const places = { starts: [0, 100, 200, 300, 400], sizes: [100, 100, 100, 100, 100], pinnedCount: 1, startWidth: 100 }

  it('draws the unpinned columns not under the pinned ones and not past the view', () => {
    // scrolled 0: columns 1 and 2 are in a 300 px view
    expect(columnRange(0, 300, places, 0)).toEqual({ first: 1, last: 2 })
    // scrolled 150 (the view shows 150 to 450): column 1 is under the pinned column, 2 half
    // hidden by it, 3 in view and 4 half in view
    expect(columnRange(150, 300, places, 0)).toEqual({ first: 2, last: 4 })
    expect(columnRange(200, 200, places, 0)).toEqual({ first: 3, last: 3 })
  })

  it('adds the overscan within the unpinned columns', () => {
    expect(columnRange(150, 300, places, 1)).toEqual({ first: 1, last: 4 })
    expect(columnRange(0, 300, places, 5)).toEqual({ first: 1, last: 4 })
  })

  it('draws no unpinned column when every column is pinned', () => {
    expect(columnRange(0, 300, { ...places, pinnedCount: 5, startWidth: 500 }, 1).last).toBeLessThan(1)
  })
})

describe('scrollTopShowing', () => {
  const view = { top: 340, height: 374, headerHeight: 34 } // rows 10 to 19 in view under the header

  it('leaves a row in view where it is', () => {
    expect(scrollTopShowing(10, 34, view)).toBeUndefined()
    expect(scrollTopShowing(19, 34, view)).toBeUndefined()
  })

  it('brings a row above the view to its top, and one below to its bottom (above the header-free edge)', () => {
    expect(scrollTopShowing(9, 34, view)).toBe(306)
    // row 20 ends at 714; the view shows 340 px of rows, so it ends there when scrolled to 374
    expect(scrollTopShowing(20, 34, view)).toBe(374)
  })
})
