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
  /** The data dictionary: field id -> label and notes (served as `fields[].info`). */
  dictionary: Readonly<Record<string, { label: string; notes?: string }>>
}

/** The `package_id` `resource_show` gives the demo resources. */
export const DEMO_PACKAGE_ID = 'datastore-explorer-demo'

/** The dataset the demo resources form (`package_search` in demo mode). */
export const DEMO_DATASET = {
  id: DEMO_PACKAGE_ID,
  name: DEMO_PACKAGE_ID,
  title: 'Datastore Explorer demo data',
  notes: 'Sample resources bundled with the explorer: university courses, a table of every column type, and a million generated city service requests.',
  organization: { name: 'datastore-explorer', title: 'Datastore Explorer' },
  license: { id: 'CC0-1.0', title: 'Creative Commons CCZero' },
  modified: '2024-01-01T00:00:00',
} as const

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
    dictionary: {
      code: { label: 'Course code', notes: 'Three letters of the subject and a running number, e.g. BIO-100.' },
      subject: { label: 'Subject' },
      stage: { label: 'Stage', notes: 'Where the course is in its life: active, closed, draft, pending or archived.' },
      title: { label: 'Course title' },
      campus: { label: 'Campus', notes: 'City of the campus, in its own script.' },
      credits: { label: 'Credits', notes: 'ECTS credits, a multiple of 5.' },
      enrolled: { label: 'Students enrolled' },
      fee: { label: 'Fee', notes: 'Tuition fee in euros.' },
      start_date: { label: 'Start date' },
    },
  },
  {
    id: VARIED_RESOURCE_ID,
    alias: 'varied-types',
    title: 'Varied types',
    description: 'Integers, decimals, dates, timestamps, booleans, URLs, empty values, non-ASCII and JSON.',
    records: 300,
    dictionary: {
      name: { label: 'Name', notes: 'Accents, CJK, emoji and right-to-left scripts.' },
      count: { label: 'Count', notes: 'A 32-bit integer.' },
      big_count: { label: 'Big count', notes: 'A 64-bit integer.' },
      ratio: { label: 'Ratio', notes: 'An exact decimal.' },
      temperature: { label: 'Temperature (°C)', notes: 'A floating-point number.' },
      day: { label: 'Day' },
      updated_at: { label: 'Updated at', notes: 'A timestamp without time zone.' },
      verified: { label: 'Verified' },
      homepage: { label: 'Homepage', notes: 'Only http and https addresses are links; the others are plain text.' },
      note: { label: 'Note', notes: 'Empty, missing, markup, line breaks and padding.' },
      long_text: { label: 'Long text' },
      tags: { label: 'Tags', notes: 'A JSON list.' },
      details: { label: 'Details', notes: 'A JSON object.' },
    },
  },
  {
    id: LARGE_RESOURCE_ID,
    alias: 'generated-1m',
    title: 'Service requests, 1,000,000 records',
    description: 'Generated city service requests (category, status, district, dates, cost, a description) for trying speed; built in the browser on first use.',
    records: 1_000_000,
    dictionary: {
      case_number: { label: 'Case number' },
      opened: { label: 'Opened', notes: 'The day the request came in.' },
      category: { label: 'Category', notes: 'What the request is about; a few categories hold most requests.' },
      status: { label: 'Status' },
      agency: { label: 'Agency', notes: 'The city department handling the request.' },
      district: { label: 'District' },
      street: { label: 'Street' },
      channel: { label: 'Channel', notes: 'How the request was made (phone, app, web, ...).' },
      description: { label: 'Description', notes: 'The request in plain English; a few hold the rare word "peacock".' },
      closed: { label: 'Closed', notes: 'The day the request was closed; empty while it is open.' },
      days_to_close: { label: 'Days to close', notes: 'Only for closed requests.' },
      cost: { label: 'Cost', notes: 'In euros; empty in about 6% of requests.' },
      units: { label: 'Units' },
    },
  },
]
