import { describe, expect, it } from 'vitest'
import { Catalog } from './catalog.ts'
import { createDatastoreHandler } from './handler.ts'
import { StoreUnavailableError } from './search-query.ts'
import type { SqlOutcome, SqlRequest, SqlStore } from './sql-action.ts'
import { TableBuilder } from './table.ts'

/** A store that records what it was asked and answers what the test says. */
function storeAnswering(outcome: SqlOutcome | Error): SqlStore & { asked: SqlRequest[] } {
  const asked: SqlRequest[] = []
  return {
    asked,
    run: async (request) => {
      asked.push(request)
      if (outcome instanceof Error) throw outcome
      return outcome
    },
  }
}

const load = () => new TableBuilder([{ id: 'a', type: 'text' }]).build()

function handler(sql?: SqlStore): (request: Request) => Promise<Response> {
  const catalog = new Catalog()
  catalog.add({ id: 'open', load })
  catalog.add({ id: 'closed', isPrivate: true, load })
  return createDatastoreHandler({ catalog, basePath: '/data', tokens: ['t0ken'], ...(sql === undefined ? {} : { sql }) })
}

const url = (sql?: string): string => `http://x/data/api/action/datastore_search_sql${sql === undefined ? '' : `?sql=${encodeURIComponent(sql)}`}`

describe('datastore_search_sql in the handler', () => {
  it('is an unknown action without an SqlStore, as CKAN without it', async () => {
    const response = await handler()(new Request(url('SELECT 1')))
    expect(response.status).toBe(400)
    expect(await response.json()).toBe('Bad request - Action name not known: datastore_search_sql')
  })

  it('hands the store the SQL and what the caller may read, and wraps the answer as CKAN 2.11', async () => {
    const store = storeAnswering({ kind: 'answer', fields: [{ id: 'n', type: 'int8' }], records: [{ n: 1 }], truncated: true })
    const response = await handler(store)(new Request(url('SELECT 1 AS n'), { headers: { authorization: 't0ken' } }))
    expect(response.status).toBe(200)
    expect((await response.json()).result).toEqual({ sql: 'SELECT 1 AS n', records_truncated: true, records: [{ n: 1 }], fields: [{ id: 'n', type: 'int8' }] })
    expect(store.asked).toEqual([{ sql: 'SELECT 1 AS n', readable: new Set(['open', 'closed']), privileged: true }])
    await handler(store)(new Request(url('SELECT 2'), { method: 'POST', body: JSON.stringify({ sql: 'SELECT 2' }) }))
    expect(store.asked[1]).toEqual({ sql: 'SELECT 2', readable: new Set(['open']), privileged: false })
  })

  it('answers refusals, a missing sql and an absent store with their statuses', async () => {
    const forbidden = await handler(storeAnswering({ kind: 'forbidden', message: 'Not authorized to read resource.' }))(new Request(url('x')))
    expect(forbidden.status).toBe(403)
    expect((await forbidden.json()).error).toEqual({ __type: 'Authorization Error', message: 'Access denied: Not authorized to read resource.' })
    const invalid = await handler(storeAnswering({ kind: 'invalid', message: 'syntax error', position: 3 }))(new Request(url('x y')))
    expect(invalid.status).toBe(409)
    expect((await invalid.json()).error).toEqual({ __type: 'Validation Error', query: ['syntax error'], info: { statement: ['x y'], position: [3] } })
    const missing = await handler(storeAnswering(new Error('not called')))(new Request(url()))
    expect(missing.status).toBe(409)
    expect((await missing.json()).error).toEqual({ __type: 'Validation Error', sql: ['Missing value'] })
    const away = await handler(storeAnswering(new StoreUnavailableError('the database is unavailable')))(new Request(url('SELECT 1')))
    expect(away.status).toBe(503)
  })
})
