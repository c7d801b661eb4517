// One-click examples on the demo resources: the seed's own examples (a limit, the subject + stage
// filters, free text) and one on the large generated resource (answered from its first chunks while
// the rest builds, so it shows within a second or two).
import { COURSES_RESOURCE_ID, LARGE_RESOURCE_ID } from '../../demo/metadata.ts'
import { defaultQuery } from '../../query/defaults.ts'
import type { QueryState } from '../../query/types.ts'

export interface ExampleQuery {
  label: string
  query: QueryState
}

export function exampleQueries(): ExampleQuery[] {
  const courses = { ...defaultQuery(), resourceId: COURSES_RESOURCE_ID }
  return [
    { label: 'The first 5 courses', query: { ...courses, limit: 5 } },
    {
      label: 'Active Biology courses',
      query: { ...courses, filters: [{ field: 'subject', values: ['Biology'] }, { field: 'stage', values: ['active'] }] },
    },
    { label: 'Courses mentioning “Zürich”', query: { ...courses, q: 'Zürich' } },
    {
      label: 'Open water leaks in 1,000,000 service requests',
      query: { ...defaultQuery(), resourceId: LARGE_RESOURCE_ID, q: 'leak', filters: [{ field: 'status', values: ['Open'] }], limit: 20 },
    },
  ]
}
