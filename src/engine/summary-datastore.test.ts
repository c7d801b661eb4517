import { describe, expect, it } from 'vitest'
import { datastoreSummary, SUMMARY_CANCELLED } from './summary-datastore.ts'
import type { SummaryRequest, TableSummary } from './summary-types.ts'
import { catalogWith, PRIVATE_ID, TOKEN } from './test-support/fixtures.ts'

const context = { tokens: [TOKEN] }

async function answer(request: SummaryRequest, token?: string): Promise<{ status: number; body: { success: boolean; result?: TableSummary; error?: Record<string, unknown> } }> {
  const outcome = await datastoreSummary(catalogWith(), request, { ...context, token })
  return outcome as { status: number; body: { success: boolean; result?: TableSummary; error?: Record<string, unknown> } }
}

describe('datastoreSummary', () => {
  it('answers a TableSummary of the matching records in a success envelope, by id or alias', async () => {
    const { status, body } = await answer({ resource_id: 'courses', filters: { stage: 'active' }, fields: ['subject', 'seats'] })
    expect(status).toBe(200)
    expect(body.success).toBe(true)
    expect(body.result?.resource_id).toBe('courses')
    expect(body.result?.total).toBe(3)
    expect(body.result?.fields.map((field) => [field.field, field.count])).toEqual([
      ['subject', 3],
      ['seats', 3],
    ])
  })

  it('checks like datastore_search: shapes first, then 404 and 403, then field names (409)', async () => {
    expect(await answer({ resource_id: 'nope', filters: '{' as unknown as Record<string, unknown> })).toMatchObject({
      status: 409,
      body: { error: { __type: 'Validation Error', filters: ['Cannot parse JSON'] } },
    })
    expect(await answer({ resource_id: 'nope' })).toMatchObject({ status: 404, body: { error: { message: 'Not found: Resource "nope" was not found.' } } })
    expect(await answer({ resource_id: PRIVATE_ID })).toMatchObject({ status: 403, body: { success: false, error: { __type: 'Authorization Error' } } })
    expect((await answer({ resource_id: PRIVATE_ID }, TOKEN)).status).toBe(200)
    expect(await answer({ resource_id: 'courses', fields: ['seats', 'colour'], top: 'many' as unknown as number })).toMatchObject({
      status: 409,
      body: { error: { fields: ['Unknown field "colour"'], top: ['Invalid integer'] } },
    })
  })

  it('pauses after the match set and after each field, and stops when cancelled', async () => {
    let pauses = 0
    const paced = await datastoreSummary(catalogWith(), { resource_id: 'courses', fields: ['subject', 'seats', 'starts'] }, context, {
      pause: async () => {
        pauses++
      },
    })
    expect(paced.status).toBe(200)
    expect(pauses).toBe(4)
    let fieldsDone = 0
    const stopped = await datastoreSummary(catalogWith(), { resource_id: 'courses' }, context, {
      pause: async () => {
        fieldsDone++
      },
      isCancelled: () => fieldsDone >= 2,
    })
    expect(stopped).toBe(SUMMARY_CANCELLED)
    expect(fieldsDone).toBe(2)
  })
})
