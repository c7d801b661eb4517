import { describe, expect, it } from 'vitest'
import { NaiveTable } from './naive.ts'

// The naive baseline is the bench's oracle: if it were wrong, the engine would be checked against a lie.
function courses(): NaiveTable {
  const table = new NaiveTable(['subject', 'stage', 'score', 'note'])
  table.append({ subject: 'Biology', stage: 'active', score: 5, note: 'Lab GRAIN study' })
  table.append({ subject: 'Chemistry', stage: 'closed', score: 12, note: null })
  table.append({ subject: 'Biology', stage: 'closed', score: 5, note: 'null result' })
  table.append({ subject: 'Physics', stage: 'active', score: 1, note: 'grain size' })
  table.append({ subject: 'biology', stage: 'active', score: 3, note: 'field work' })
  return table
}

describe('NaiveTable', () => {
  it('numbers records 1..n in append order and returns the first `limit`', () => {
    expect(courses().search({ limit: 2, include_total: false })).toEqual({ ids: [1, 2], total: undefined })
  })

  it('matches q case-insensitively inside any field, never inside _id', () => {
    const table = courses()
    expect(table.search({ limit: 10, q: 'gRaIn', include_total: true })).toEqual({ ids: [1, 4], total: 2 })
    // "4" occurs only in the _id of record 4.
    expect(table.search({ limit: 10, q: '4', include_total: true })).toEqual({ ids: [], total: 0 })
    // A number matches through its text.
    expect(table.search({ limit: 10, q: '12', include_total: true }).ids).toEqual([2])
  })

  it('never matches a missing value by the text "null"', () => {
    expect(courses().search({ limit: 10, q: 'null', include_total: true })).toEqual({ ids: [3], total: 1 })
  })

  it('filters by exact, case-sensitive text: any of an array, all of several fields', () => {
    const table = courses()
    expect(table.search({ limit: 10, filters: { subject: 'Biology' }, include_total: true }).ids).toEqual([1, 3])
    expect(table.search({ limit: 10, filters: { subject: ['Biology', 'Physics'], stage: 'active' }, include_total: true }).ids).toEqual([1, 4])
    expect(table.search({ limit: 10, filters: { score: '5' }, include_total: true }).ids).toEqual([1, 3])
    expect(table.search({ limit: 10, filters: { subject: [] }, include_total: true })).toEqual({ ids: [], total: 0 })
  })

  it('combines q and filters with AND', () => {
    expect(courses().search({ limit: 10, q: 'grain', filters: { subject: 'Physics' }, include_total: true }).ids).toEqual([4])
  })

  it('counts every match for the total while returning only `limit` records', () => {
    expect(courses().search({ limit: 1, filters: { stage: 'active' }, include_total: true })).toEqual({ ids: [1], total: 3 })
    expect(courses().search({ limit: 0, filters: { stage: 'closed' }, include_total: true })).toEqual({ ids: [], total: 2 })
  })
})
