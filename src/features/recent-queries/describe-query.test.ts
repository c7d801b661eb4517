import { describe, expect, it } from 'vitest'
import { defaultQuery } from '../../query/defaults.ts'
import { describeQuery } from './describe-query.ts'

const titles = (id: string) => (id === 'abc' ? 'Courses' : undefined)

describe('describeQuery', () => {
  it('names the demo resource by title, then search, filters, sort and limit', () => {
    const text = describeQuery(
      {
        ...defaultQuery(),
        resourceId: 'abc',
        q: 'bio',
        filters: [{ field: 'stage', values: ['active', 'draft'] }],
        sort: [{ field: 'fee', direction: 'desc' }],
        fields: ['subject', 'fee'],
        limit: 5,
      },
      titles,
    )
    expect(text).toBe('Courses · “bio” · stage = active or draft · sorted by fee desc · 2 columns · limit 5')
  })

  it('names a live resource by id and host, and says GET and the offset', () => {
    const text = describeQuery({ ...defaultQuery(), source: 'live', baseUrl: 'https://portal.example/data', resourceId: 'abc', method: 'GET', limit: undefined, offset: 200 }, titles)
    expect(text).toBe('abc at portal.example · default limit · from 200 · GET')
  })
})
