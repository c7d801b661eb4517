// A summary request against a catalog, answered like `datastore_search`: the same checks in the
// same order (shapes, then 404/403, then field names against the loaded table) and the same
// envelopes, with a `TableSummary` as the result.

import type { Catalog } from './catalog.ts'
import { isReadable, refusedResource, type SearchContext, type SearchOutcome } from './datastore-search.ts'
import { internalError, notADictionary, success, validationError, type Outcome } from './envelope.ts'
import { helpUrl } from './links.ts'
import { isPlainObject } from './params.ts'
import { summarySteps } from './summary.ts'
import { checkSummaryFields, shapeSummaryRequest } from './summary-request.ts'
import type { SummaryRequest } from './summary-types.ts'
import { asStoredTable } from './table.ts'

const DEFAULT_PATH = '/api/3/action/datastore_search'

export interface SummaryPacing {
  /** Awaited between fields, so other work (a new search in the same worker) can run meanwhile. */
  pause?: () => Promise<void>
  /** Checked after each pause: true stops the summary (the answer is then a 499-like `cancelled`). */
  isCancelled?: () => boolean
}

/** What `datastoreSummary` answers when `pacing.isCancelled` stopped it. */
export const SUMMARY_CANCELLED: SearchOutcome = { status: 499, body: 'cancelled' }

/** `{ status, body }`: `{ success: true, result: TableSummary }` or the engine's error envelope (409, 404, 403). */
export async function datastoreSummary(catalog: Catalog, request: SummaryRequest, context: SearchContext, pacing: SummaryPacing = {}): Promise<SearchOutcome> {
  const help = helpUrl(context.origin ?? '', context.requestPath ?? DEFAULT_PATH)
  try {
    return await summarize(catalog, request, context, help, pacing)
  } catch {
    return internalError(help)
  }
}

async function summarize(catalog: Catalog, input: unknown, context: SearchContext, help: string, pacing: SummaryPacing): Promise<Outcome> {
  if (!isPlainObject(input)) return notADictionary(input)
  const { params, errors } = shapeSummaryRequest(input, true)
  const resourceId = params.search.resourceId
  const entry = resourceId === undefined ? undefined : catalog.resolve(resourceId)
  if (!entry || !isReadable(entry, context)) return refusedResource(entry, resourceId, help, errors)
  const table = asStoredTable(await catalog.prepare(entry.id))
  for (const [key, messages] of Object.entries(checkSummaryFields(params, table))) (errors[key] ??= []).push(...messages)
  if (Object.keys(errors).length > 0) return validationError(help, errors)
  const steps = summarySteps(table, params, entry.id)
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return success(help, { ...step.value })
    if (pacing.pause) await pacing.pause()
    if (pacing.isCancelled?.() === true) return SUMMARY_CANCELLED
  }
}
