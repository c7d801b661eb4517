// What the screen needs from a search, whatever fetched it. The app adapts the api layer to this.
import type { DatastoreField, DatastoreRecord } from '../api/parse-response.ts'
import type { AlertContent } from '../features/status/ErrorAlert.tsx'
import type { FieldMessages } from '../query/validate.ts'

export interface SearchData {
  fields: DatastoreField[]
  records: DatastoreRecord[]
  total?: number
  totalWasEstimated?: boolean
  /** An SQL answer stopped at the server's rows maximum (`records_truncated`). */
  truncated?: boolean
  /** How the server differs from the reference engine, in plain words. */
  notes?: string[]
}

export interface SearchFailure extends AlertContent {
  /** Messages for the form fields a validation error names (limit, filters, q, resource_id). */
  fieldErrors: FieldMessages
  /** The resource is not there (404 with a JSON answer): in the demo, the way out is to add the file. */
  resourceMissing?: boolean
}
