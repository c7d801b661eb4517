import { describe, expect, it } from 'vitest'
import { ariaSortOf, toggleSort } from './sort-toggle.ts'

describe('toggleSort', () => {
  it('a plain click cycles one column: ascending, descending, unsorted', () => {
    const once = toggleSort([], 'a', false)
    expect(once).toEqual([{ field: 'a', direction: 'asc' }])
    const twice = toggleSort(once, 'a', false)
    expect(twice).toEqual([{ field: 'a', direction: 'desc' }])
    expect(toggleSort(twice, 'a', false)).toEqual([])
  })

  it('a plain click on another column replaces the sort', () => {
    expect(toggleSort([{ field: 'a', direction: 'desc' }, { field: 'b', direction: 'asc' }], 'b', false)).toEqual([{ field: 'b', direction: 'asc' }])
  })

  it('shift-click adds keys in order and cycles one in place', () => {
    const two = toggleSort(toggleSort([], 'a', true), 'b', true)
    expect(two).toEqual([{ field: 'a', direction: 'asc' }, { field: 'b', direction: 'asc' }])
    const flipped = toggleSort(two, 'a', true)
    expect(flipped).toEqual([{ field: 'a', direction: 'desc' }, { field: 'b', direction: 'asc' }])
    expect(toggleSort(flipped, 'a', true)).toEqual([{ field: 'b', direction: 'asc' }])
  })

  it('aria-sort belongs to the primary key only', () => {
    const sort = [{ field: 'a', direction: 'desc' as const }, { field: 'b', direction: 'asc' as const }]
    expect(ariaSortOf(sort, 'a')).toBe('descending')
    expect(ariaSortOf(sort, 'b')).toBeUndefined()
  })
})
