// What the UI may import about the demo: ids, titles and descriptions only, never the data itself
// (the data modules load lazily inside the worker).

/** The base URL the app shows for demo mode: what `npm run api` serves by default, so copied curl works. */
export const DEMO_BASE_URL = 'http://127.0.0.1:8800/data'

export interface DemoResourceInfo {
  id: string
  /** A short readable name the engine also accepts as `resource_id`. */
  alias: string
  title: string
  description: string
  /** Number of records once loaded. */
  records: number
}

export const COURSES_RESOURCE_ID = 'd2a1e7a0-6b0c-4e55-9a57-2f3c5c1f1e01'
export const VARIED_RESOURCE_ID = '5b8e2c71-94d3-4f0a-b6e5-3c1d7a9f2e02'
export const LARGE_RESOURCE_ID = '9f3c6a14-7e2b-4d58-a1c9-8b0e5d4f3a03'

export const DEMO_RESOURCES: readonly DemoResourceInfo[] = [
  {
    id: COURSES_RESOURCE_ID,
    alias: 'courses',
    title: 'Courses',
    description: 'Course offerings with subject, stage (active, closed, ...), campus, credits and fees.',
    records: 120,
  },
  {
    id: VARIED_RESOURCE_ID,
    alias: 'varied-types',
    title: 'Varied types',
    description: 'Integers, decimals, dates, timestamps, booleans, URLs, empty values, non-ASCII and JSON.',
    records: 300,
  },
  {
    id: LARGE_RESOURCE_ID,
    alias: 'generated-1m',
    title: 'Service requests, 1,000,000 records',
    description: 'Generated city service requests (category, status, district, dates, cost, a description) for trying speed; built in the browser on first use.',
    records: 1_000_000,
  },
]
