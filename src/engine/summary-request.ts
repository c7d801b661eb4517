// Validation of a summary request: its `q`, `full_text`, `filters` and `fields` go through the very
// rules of `datastore_search` (params.ts), so a query that searches also summarises; `top` and `bins`
// are the summary's own. Problems are collected per key, like `datastore_search`'s 409.

import { addError, checkFieldNames, naturalNumber, shapeParams, type ShapedParams, type ValidationErrors } from './params.ts'
import type { StoredTable } from './table.ts'

export const DEFAULT_TOP = 10
export const DEFAULT_BINS = 20
const MAX_TOP = 1000
const MAX_BINS = 1000

export interface ShapedSummaryRequest {
  /** The `datastore_search` part: which records (q, full_text, filters) and which fields. */
  search: ShapedParams
  top: number
  bins: number
}

/** Thrown by `summarizeTable` for a request it cannot answer; `errors` is keyed like a 409's. */
export class SummaryRequestError extends Error {
  override readonly name = 'SummaryRequestError'
  constructor(readonly errors: ValidationErrors) {
    super(Object.entries(errors).map(([key, messages]) => `${key}: ${messages.join(' ')}`).join('; '))
  }
}

/** Shapes the request (no table needed); `resource_id` is required only when `needsResource`. */
export function shapeSummaryRequest(input: Record<string, unknown>, needsResource: boolean): { params: ShapedSummaryRequest; errors: ValidationErrors } {
  const { top, bins, ...rest } = input
  const searchInput = needsResource ? rest : { resource_id: '-', ...rest }
  const { params: search, errors } = shapeParams(searchInput)
  if (!needsResource) delete search.resourceId

  const params: ShapedSummaryRequest = { search, top: DEFAULT_TOP, bins: DEFAULT_BINS }
  const shapedTop = naturalNumber(top)
  if (typeof shapedTop === 'string') addError(errors, 'top', shapedTop)
  else if (shapedTop !== undefined) params.top = Math.min(shapedTop, MAX_TOP)
  const shapedBins = naturalNumber(bins)
  if (typeof shapedBins === 'string') addError(errors, 'bins', shapedBins)
  else if (shapedBins === 0) addError(errors, 'bins', 'Must be a positive integer')
  else if (shapedBins !== undefined) params.bins = Math.min(shapedBins, MAX_BINS)
  return { params, errors }
}

/** Field names of the request checked against the table (unknown fields in q, filters, fields). */
export function checkSummaryFields(params: ShapedSummaryRequest, table: StoredTable): ValidationErrors {
  return checkFieldNames(params.search, table)
}
