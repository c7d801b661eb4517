import { describe, expect, it } from 'vitest'
import { assert as checkProperty, integer, nat, property } from 'fast-check'
import { offsetForPageSize, offsetForRun, pageSizeChoices, pageView, rangeText } from './paging.ts'

describe('pageView', () => {
  it('says which records a middle page holds and where its neighbours start', () => {
    const view = pageView({ offset: 100, limit: 100, shown: 100, total: 48210 })
    expect(view).toMatchObject({ first: 101, last: 200, hasPrevious: true, hasNext: true, previousOffset: 0, nextOffset: 200 })
    expect(rangeText(view, 48210, false)).toBe('Records 101–200 of 48,210')
  })

  it('has no next page once the exact total is reached, and no previous one at the start', () => {
    expect(pageView({ offset: 50, limit: 25, shown: 10, total: 60 })).toMatchObject({ hasNext: false, first: 51, last: 60 })
    expect(pageView({ offset: 0, limit: 25, shown: 25, total: 60 })).toMatchObject({ hasPrevious: false, hasNext: true })
  })

  it('without a total (or an estimated one) a full page means there may be more', () => {
    expect(pageView({ offset: 0, limit: 25, shown: 25 }).hasNext).toBe(true)
    expect(pageView({ offset: 0, limit: 25, shown: 24 }).hasNext).toBe(false)
    expect(pageView({ offset: 0, limit: 25, shown: 25, total: 10, totalEstimated: true }).hasNext).toBe(true)
    expect(rangeText(pageView({ offset: 0, limit: 25, shown: 25, total: 9000, totalEstimated: true }), 9000, true)).toBe('Records 1–25 of ≈9,000')
  })

  it('uses the server default of 100 when no limit is sent, and never pages a limit of 0', () => {
    expect(pageView({ offset: 0, limit: undefined, shown: 100, total: 250 })).toMatchObject({ pageSize: 100, nextOffset: 100 })
    expect(pageView({ offset: 0, limit: 0, shown: 0, total: 250 })).toMatchObject({ hasNext: false, hasPrevious: false })
  })

  it('names an empty page past the end', () => {
    const view = pageView({ offset: 500, limit: 100, shown: 0, total: 60 })
    expect(rangeText(view, 60, false)).toBe('No records on this page (of 60)')
    expect(view).toMatchObject({ hasPrevious: true, hasNext: false, previousOffset: 400 })
  })

  it('stepping Next from the start visits every record exactly once', () => {
    checkProperty(
      property(nat(500), integer({ min: 1, max: 60 }), (total, limit) => {
        const seen: number[] = []
        let offset = 0
        for (let guard = 0; guard < 1000; guard++) {
          const shown = Math.max(0, Math.min(limit, total - offset))
          const view = pageView({ offset, limit, shown, total })
          for (let position = view.first; position <= view.last && view.first > 0; position++) seen.push(position)
          if (!view.hasNext) break
          offset = view.nextOffset
        }
        expect(seen).toEqual(Array.from({ length: total }, (_, i) => i + 1))
      }),
    )
  })
})

describe('page size', () => {
  it('keeps the first record shown on the new page', () => {
    expect(offsetForPageSize(150, 100)).toBe(100)
    expect(offsetForPageSize(150, 25)).toBe(150)
    expect(offsetForPageSize(150, 1000)).toBe(0)
  })

  it('offers the current limit when it is not a standard size', () => {
    expect(pageSizeChoices(100)).toEqual([25, 50, 100, 250, 1000])
    expect(pageSizeChoices(5)).toEqual([5, 25, 50, 100, 250, 1000])
  })
})

describe('offsetForRun', () => {
  const base = { source: 'demo', baseUrl: 'x', resourceId: 'r', limit: 25, q: '', filters: [] }
  it('keeps the page when the same records are asked for again', () => {
    expect(offsetForRun({ ...base, offset: 50 }, base)).toBe(50)
  })
  it('goes back to the first page when the search text, a filter or the page size changes', () => {
    expect(offsetForRun({ ...base, q: 'bio', offset: 50 }, base)).toBe(0)
    expect(offsetForRun({ ...base, filters: [{ field: 'stage', values: ['active'] }], offset: 50 }, base)).toBe(0)
    expect(offsetForRun({ ...base, limit: 50, offset: 50 }, base)).toBe(0)
  })
})
