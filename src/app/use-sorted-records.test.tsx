// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { defaultQuery } from '../query/defaults.ts'
import type { SortKey } from '../query/types.ts'
import type { SearchData } from './search-types.ts'
import { localSortReady, useSortedRecords } from './use-sorted-records.ts'

// In the page the grid waits for the sort's chunk; here it is loaded before the first render.
beforeAll(() => localSortReady)

const data: SearchData = {
  fields: [{ id: '_id', type: 'int' }, { id: 'n', type: 'int4' }],
  records: [{ _id: 1, n: 10 }, { _id: 2, n: 9 }, { _id: 3, n: 100 }],
  total: 3,
}
const byN = (direction: SortKey['direction']): SortKey[] => [{ field: 'n', direction }]

describe('useSortedRecords', () => {
  it('sorts in the browser only when the query says so', () => {
    const browser = renderHook(() => useSortedRecords(data, { ...defaultQuery(), sort: byN('asc'), sortOn: 'browser' }))
    expect(browser.result.current.map((r) => r.n)).toEqual([9, 10, 100])
    const server = renderHook(() => useSortedRecords(data, { ...defaultQuery(), sort: byN('asc'), sortOn: 'server' }))
    expect(server.result.current).toBe(data.records)
  })

  it('toggling back to an order already computed reuses it', () => {
    const { result, rerender } = renderHook(({ sort }) => useSortedRecords(data, { ...defaultQuery(), sort, sortOn: 'browser' }), {
      initialProps: { sort: byN('asc') },
    })
    const ascending = result.current
    rerender({ sort: byN('desc') })
    expect(result.current.map((r) => r.n)).toEqual([100, 10, 9])
    rerender({ sort: byN('asc') })
    expect(result.current).toBe(ascending)
  })
})
