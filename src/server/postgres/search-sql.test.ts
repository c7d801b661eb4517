import { describe, expect, it } from 'vitest'
import type { SearchQuery } from '../../engine/index.ts'
import { likeContaining, searchStatements, type SqlTable } from './search-sql.ts'

const TABLE: SqlTable = {
  ref: '"public"."t"',
  fields: [
    { id: 'name"; DROP TABLE t; --', type: 'text' },
    { id: 'n', type: 'int4' },
    { id: 'day', type: 'date' },
  ],
  hasSearchColumn: true,
}

function query(overrides: Partial<SearchQuery>): SearchQuery {
  return {
    resourceId: 't',
    fields: [{ id: '_id', type: 'int' }, { id: 'n', type: 'int4' }],
    fieldTexts: [],
    filters: [],
    sort: [],
    offset: 0,
    limit: 100,
    includeTotal: true,
    distinct: false,
    ...overrides,
  }
}

describe('search SQL', () => {
  it('escapes LIKE wildcards so %, _ and \\ match themselves', () => {
    expect(likeContaining('50%_a\\b')).toBe('%50\\%\\_a\\\\b%')
  })

  it('binds every value and quotes every name: request text never enters the SQL', () => {
    const hostile = "x'); DROP TABLE t; --"
    const { page, count } = searchStatements(TABLE, query({
      text: hostile,
      fieldTexts: [{ field: 'name"; DROP TABLE t; --', text: hostile }],
      filters: [{ field: 'name"; DROP TABLE t; --', values: [hostile] }],
      sort: [{ field: 'name"; DROP TABLE t; --', descending: true, nullsFirst: true }],
    }))
    expect(page.text).not.toContain(hostile)
    expect(page.text).toContain('"name""; DROP TABLE t; --"')
    expect(page.values).toContainEqual([hostile])
    expect(count?.values).not.toContain(100)
  })

  it('drops filter values no cell of the type can equal, and counts only when a total is wanted', () => {
    const { page, count } = searchStatements(TABLE, query({
      filters: [{ field: 'n', values: ['05', '5', '5', 'x'] }, { field: 'day', values: ['2024-02-30', '2024-02-29', '2024-2-1'] }],
      includeTotal: false,
    }))
    expect(page.values.slice(0, 2)).toEqual([['5', '5'], ['2024-02-29']])
    expect(count).toBeUndefined()
  })

  it('sorts text by the ICU collation then code points, ties by _id ascending', () => {
    const { page } = searchStatements(TABLE, query({ sort: [{ field: 'name"; DROP TABLE t; --', descending: true, nullsFirst: true }] }))
    expect(page.text).toContain('ORDER BY "name""; DROP TABLE t; --" COLLATE "en-x-icu" DESC NULLS FIRST, "name""; DROP TABLE t; --" COLLATE "C" DESC NULLS FIRST, "_id" ASC')
  })
})
