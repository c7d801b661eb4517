import { describe, expect, it } from 'vitest'
import { defaultQuery } from '../query/defaults.ts'
import { isComplete, requestQuery, sortPlaceForRun, withSort } from './search-plan.ts'
import type { SearchData } from './search-types.ts'

const loaded = (records: number, total: number | undefined, totalWasEstimated = false): SearchData => ({
  fields: [{ id: 'a', type: 'text' }],
  records: Array.from({ length: records }, (_, i) => ({ a: String(i) })),
  total,
  totalWasEstimated,
})
const byA = [{ field: 'a', direction: 'asc' as const }]

describe('where the grid sort runs', () => {
  it('sorts in the browser only when every matching record is loaded', () => {
    expect(withSort(defaultQuery(), byA, loaded(48, 48)).sortOn).toBe('browser')
    expect(withSort(defaultQuery(), byA, loaded(100, 1000)).sortOn).toBe('server')
    expect(withSort(defaultQuery(), byA, loaded(5, undefined)).sortOn).toBe('server')
    expect(withSort(defaultQuery(), byA, loaded(5, 5, true)).sortOn).toBe('server')
    expect(withSort(defaultQuery(), byA, undefined).sortOn).toBe('server')
    expect(isComplete(loaded(0, 0))).toBe(true)
  })

  it('sends the sort only when the server sorts', () => {
    const browser = withSort(defaultQuery(), byA, loaded(48, 48))
    expect(requestQuery(browser).sort).toEqual([])
    const server = withSort(defaultQuery(), byA, loaded(100, 1000))
    expect(requestQuery(server).sort).toEqual(byA)
  })

  it('a run that asks for other records hands the sort to the server; the same records keep a browser sort', () => {
    const previous = withSort(defaultQuery(), byA, loaded(48, 48))
    expect(sortPlaceForRun({ ...previous, q: 'bio' }, previous).sortOn).toBe('server')
    expect(sortPlaceForRun({ ...previous }, previous).sortOn).toBe('browser')
    expect(sortPlaceForRun({ ...previous, sort: [] }, previous).sortOn).toBe('browser')
  })
})
