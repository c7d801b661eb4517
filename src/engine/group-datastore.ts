// A grouping request against a catalog, answered like `datastore_search`: the same checks in the same
// order (shapes, then 404/403, then field names against the loaded table) and the same envelopes,
// with a `GroupResult` as the result. Paced and cancellable like the summaries.

import type { Catalog } from './catalog.ts'
import { isReadable, refusedResource, type SearchContext, type SearchOutcome } from './datastore-search.ts'
import { internalError, notADictionary, success, validationError, type Outcome } from './envelope.ts'
import { groupSteps } from './group.ts'
import { checkGroupFields, shapeGroupRequest } from './group-request.ts'
import type { GroupRequest } from './group-types.ts'
import { helpUrl } from './links.ts'
import { isPlainObject } from './params.ts'
import { SUMMARY_CANCELLED, type SummaryPacing } from './summary-datastore.ts'
import { asStoredTable } from './table.ts'

const DEFAULT_PATH = '/api/3/action/datastore_search'

/** `{ status, body }`: `{ success: true, result: GroupResult }` or the engine's error envelope (409, 404, 403); 499 when cancelled. */
export async function datastoreGroup(catalog: Catalog, request: GroupRequest, context: SearchContext, pacing: SummaryPacing = {}): Promise<SearchOutcome> {
  const help = helpUrl(context.origin ?? '', context.requestPath ?? DEFAULT_PATH)
  try {
    return await group(catalog, request, context, help, pacing)
  } catch {
    return internalError(help)
  }
}

async function group(catalog: Catalog, input: unknown, context: SearchContext, help: string, pacing: SummaryPacing): Promise<Outcome> {
  if (!isPlainObject(input)) return notADictionary(input)
  const { params, errors } = shapeGroupRequest(input, true)
  const resourceId = params.search.resourceId
  const entry = resourceId === undefined ? undefined : catalog.resolve(resourceId)
  if (!entry || !isReadable(entry, context)) return refusedResource(entry, resourceId, help, errors)
  const table = asStoredTable(await catalog.prepare(entry.id))
  for (const [key, messages] of Object.entries(checkGroupFields(params, table.fields))) (errors[key] ??= []).push(...messages)
  if (Object.keys(errors).length > 0) return validationError(help, errors)
  const steps = groupSteps(table, params, entry.id)
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return success(help, { ...step.value })
    if (pacing.pause) await pacing.pause()
    if (pacing.isCancelled?.() === true) return SUMMARY_CANCELLED
  }
}
