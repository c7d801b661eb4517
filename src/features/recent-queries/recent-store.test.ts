import { describe, expect, it } from 'vitest'
import { defaultQuery } from '../../query/defaults.ts'
import type { QueryState } from '../../query/types.ts'
import { decodeQuery } from '../../query/url-codec.ts'
import { loadRecent, RECENT_LIMIT, RECENT_STORAGE_KEY, saveRecent, withRecent } from './recent-store.ts'

const query = (overrides: Partial<QueryState>): QueryState => ({ ...defaultQuery(), ...overrides })

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial))
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  }
}

describe('withRecent', () => {
  it('puts the newest first and keeps an equal query once', () => {
    let list = withRecent([], query({ q: 'a' }))
    list = withRecent(list, query({ q: 'b' }))
    list = withRecent(list, query({ q: 'a' }))
    expect(list.map((link) => decodeQuery(link).query.q)).toEqual(['a', 'b'])
  })

  it(`keeps the last ${RECENT_LIMIT}`, () => {
    let list: string[] = []
    for (let i = 0; i < RECENT_LIMIT + 5; i++) list = withRecent(list, query({ q: `term ${i}` }))
    expect(list).toHaveLength(RECENT_LIMIT)
    expect(decodeQuery(list[0]).query.q).toBe(`term ${RECENT_LIMIT + 4}`)
    expect(decodeQuery(list.at(-1) ?? '').query.q).toBe('term 5')
  })

  it('keeps one entry per search: paging, sorting and columns update the newest entry in place', () => {
    let list = withRecent([], query({ q: 'older' }))
    list = withRecent(list, query({ q: 'grain', limit: 25 }))
    for (let page = 1; page <= 5; page++) list = withRecent(list, query({ q: 'grain', limit: 25, offset: page * 25 }))
    list = withRecent(list, query({ q: 'grain', limit: 50, offset: 100, sort: [{ field: 'title', direction: 'desc' }], sortOn: 'server', fields: ['title'] }))
    expect(list).toHaveLength(2)
    const newest = decodeQuery(list[0]).query
    expect(newest).toMatchObject({ q: 'grain', limit: 50, offset: 100, fields: ['title'] })
    expect(decodeQuery(list[1]).query.q).toBe('older')
  })

  it('a different question is a new entry, even on the same resource', () => {
    let list = withRecent([], query({ q: 'grain' }))
    list = withRecent(list, query({ q: 'grain', filters: [{ field: 'stage', values: ['active'] }] }))
    expect(list).toHaveLength(2)
  })
})

describe('loadRecent and saveRecent', () => {
  it('round-trip the list through storage, and Clear removes it', () => {
    const storage = memoryStorage()
    const list = withRecent(withRecent([], query({ q: 'x' })), query({ limit: 5 }))
    saveRecent(storage, list)
    expect(loadRecent(storage)).toEqual(list)
    saveRecent(storage, [])
    expect(storage.items.has(RECENT_STORAGE_KEY)).toBe(false)
  })

  it('never stores a token: the entries are query links, which have no place for one', () => {
    const storage = memoryStorage()
    saveRecent(storage, withRecent([], query({ source: 'live', baseUrl: 'https://example.org/data', q: 'x' })))
    const stored = storage.items.get(RECENT_STORAGE_KEY) ?? ''
    expect(stored).toContain('example.org')
    expect(stored).not.toMatch(/token|authorization/i)
  })

  it('reads broken or foreign values as an empty list, and drops entries the codec would refuse', () => {
    expect(loadRecent(memoryStorage({ [RECENT_STORAGE_KEY]: '{not json' }))).toEqual([])
    expect(loadRecent(memoryStorage({ [RECENT_STORAGE_KEY]: '{"a":1}' }))).toEqual([])
    expect(loadRecent(memoryStorage({ [RECENT_STORAGE_KEY]: JSON.stringify(['q=ok', 42, 'api_key=secret']) }))).toEqual(['q=ok'])
    expect(loadRecent(undefined)).toEqual([])
  })

  it('survives a storage that refuses writes', () => {
    const refusing = { setItem: () => { throw new Error('QuotaExceededError') }, removeItem: () => {} }
    expect(() => saveRecent(refusing, ['q=x'])).not.toThrow()
  })
})
