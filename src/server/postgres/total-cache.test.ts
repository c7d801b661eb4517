import { describe, expect, it } from 'vitest'
import type { SearchQuery } from '../../engine/index.ts'
import { TotalCache, totalKey } from './total-cache.ts'

function query(part: Partial<SearchQuery>): SearchQuery {
  return { resourceId: 'r', fields: [{ id: '_id', type: 'int' }, { id: 'a', type: 'text' }], fieldTexts: [], filters: [], sort: [], offset: 0, limit: 10, includeTotal: true, distinct: false, ...part }
}

describe('the key of a total', () => {
  it('depends on the conditions, not on the page, the sort or the order filters were written in', () => {
    const base = totalKey('t', query({ text: 'oak', filters: [{ field: 'a', values: ['x', 'y'] }, { field: 'b', values: ['1'] }] }))
    expect(totalKey('t', query({ text: 'oak', filters: [{ field: 'b', values: ['1'] }, { field: 'a', values: ['y', 'x', 'x'] }], offset: 500, limit: 3, sort: [{ field: 'a', descending: true, nullsFirst: false }] }))).toBe(base)
    expect(totalKey('t', query({ text: 'Oak', filters: [{ field: 'a', values: ['x', 'y'] }, { field: 'b', values: ['1'] }] }))).not.toBe(base)
    expect(totalKey('u', query({ text: 'oak', filters: [{ field: 'a', values: ['x', 'y'] }, { field: 'b', values: ['1'] }] }))).not.toBe(base)
    expect(totalKey('t', query({ text: 'oak', filters: [{ field: 'a', values: ['x'] }, { field: 'b', values: ['1'] }] }))).not.toBe(base)
  })

  it('counts distinct rows of the fields asked for, so distinct totals of other fields differ', () => {
    const one = totalKey('t', query({ distinct: true, fields: [{ id: 'a', type: 'text' }] }))
    expect(totalKey('t', query({ distinct: true, fields: [{ id: 'b', type: 'text' }] }))).not.toBe(one)
    expect(totalKey('t', query({ distinct: false, fields: [{ id: 'a', type: 'text' }] }))).toBe(totalKey('t', query({ fields: [{ id: 'b', type: 'text' }] })))
  })
})

describe('the total cache', () => {
  it('counts once: later and simultaneous askers share the count', async () => {
    const cache = new TotalCache()
    let counts = 0
    const count = async () => {
      counts++
      return 42
    }
    const [a, b] = await Promise.all([cache.get('k', count), cache.get('k', count)])
    expect([a, b, await cache.get('k', count), cache.known('k')]).toEqual([42, 42, 42, 42])
    expect(counts).toBe(1)
  })

  it('forgets a count that failed, so the next asker counts again', async () => {
    const cache = new TotalCache()
    await expect(cache.get('k', () => Promise.reject(new Error('timeout')))).rejects.toThrow('timeout')
    expect(cache.known('k')).toBeUndefined()
    expect(await cache.get('k', async () => 7)).toBe(7)
  })

  it('keeps at most its capacity, dropping the least recently asked', async () => {
    const cache = new TotalCache(2)
    await cache.get('a', async () => 1)
    await cache.get('b', async () => 2)
    await cache.get('a', async () => 99)
    await cache.get('c', async () => 3)
    expect([cache.known('a'), cache.known('b'), cache.known('c'), cache.size]).toEqual([1, undefined, 3, 2])
  })

  it('forgets every total of a table loaded again, and only those', async () => {
    const cache = new TotalCache()
    await cache.get(totalKey('trees', query({})), async () => 10)
    await cache.get(totalKey('trees2', query({})), async () => 20)
    cache.forget('trees')
    expect([cache.known(totalKey('trees', query({}))), cache.known(totalKey('trees2', query({})))]).toEqual([undefined, 20])
  })
})
