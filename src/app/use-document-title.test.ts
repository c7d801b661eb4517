import { describe, expect, it } from 'vitest'
import { defaultQuery } from '../query/defaults.ts'
import { pageTitle } from './use-document-title.ts'

const courses = [{ id: 'd2a1e7a0-6b0c-4e55-9a57-2f3c5c1f1e01', title: 'Courses' }]

describe('pageTitle', () => {
  it('names the demo resource by its title and the search text', () => {
    expect(pageTitle({ ...defaultQuery(), resourceId: courses[0]?.id ?? '', q: 'bio' }, courses)).toBe('“bio” in Courses · Datastore Explorer')
  })

  it('uses the id for a live resource and stays short', () => {
    expect(pageTitle({ ...defaultQuery(), source: 'live', resourceId: 'my-table' }, courses)).toBe('my-table · Datastore Explorer')
    expect(pageTitle({ ...defaultQuery(), resourceId: '' }, courses)).toBe('Datastore Explorer')
  })

  it('shows the control characters of a linked id instead of obeying them (a tab title cannot isolate text)', () => {
    expect(pageTitle({ ...defaultQuery(), source: 'live', resourceId: 'gro.live\u202Eabc\u0007x' }, courses)).toBe('gro.live‹RLO›abc‹BEL›x · Datastore Explorer')
  })
})
