// One-click examples on the demo resources: the seed's own examples (a limit, the subject + stage
// filters, free text) and one on the large generated resource.
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
    { label: 'Search 1,000,000 service requests for “peacock”', query: { ...defaultQuery(), resourceId: LARGE_RESOURCE_ID, q: 'peacock', limit: 20 } },
  ]
}
