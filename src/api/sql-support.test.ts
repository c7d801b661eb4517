import { describe, expect, it } from 'vitest'
import { detectSqlSupport, judgeSqlProbe } from './sql-support-probe.ts'
import type { RawResponse, Transport } from './transport.ts'

const envelope = (body: unknown) => JSON.stringify(body)

describe('whether a server offers SQL', () => {
  it('offered: it answered the probe, or refused a parameter of it (409)', () => {
    expect(judgeSqlProbe({ status: 200, bodyText: envelope({ success: true, result: { records: [{ '?column?': 1 }] } }) })).toEqual({ offered: true })
    expect(judgeSqlProbe({ status: 409, bodyText: envelope({ success: false, error: { __type: 'Validation Error', sql: ['Missing value'] } }) })).toEqual({ offered: true })
  })

  it('absent: CKAN’s unknown action (400), saying why in words', () => {
    const judged = judgeSqlProbe({ status: 400, bodyText: '"Bad request - Action name not known: datastore_search_sql"' })
    expect(judged).toMatchObject({ offered: false, kind: 'absent' })
    if (judged.offered) return
    expect(judged.reason).toContain('no datastore_search_sql action')
    expect(judged.reason).toContain('Action name not known')
  })

  it('refused to this caller (403), and unknown for anything else', () => {
    expect(judgeSqlProbe({ status: 403, bodyText: envelope({ success: false, error: { __type: 'Authorization Error', message: 'Access denied' } }) })).toMatchObject({ offered: false, kind: 'absent' })
    expect(judgeSqlProbe({ status: 502, bodyText: '<html><title>Bad Gateway</title></html>' })).toMatchObject({ offered: false, kind: 'unknown' })
  })

  it('sends one GET with a statement that reads nothing; the demo sends nothing', async () => {
    const sent: string[] = []
    const transport: Transport = {
      send: async (spec): Promise<RawResponse> => {
        sent.push(`${spec.method} ${spec.url} ${JSON.stringify(spec.headers)}`)
        return { status: 200, statusText: 'OK', headers: [], bodyText: envelope({ success: true, result: { records: [] } }), elapsedMs: 1 }
      },
    }
    expect(await detectSqlSupport({ source: 'live', baseUrl: 'https://portal.example/data/' }, { transport, token: 'tok' })).toEqual({ offered: true })
    expect(sent).toEqual(['GET https://portal.example/data/api/action/datastore_search_sql?sql=SELECT%201 [["Authorization","tok"]]'])
    expect(await detectSqlSupport({ source: 'demo', baseUrl: '' }, { transport })).toEqual({ offered: true })
    expect(sent).toHaveLength(1)
  })

  it('a network failure is unknown, with the transport’s words', async () => {
    const transport: Transport = { send: () => Promise.reject(new Error('Failed to fetch')) }
    const judged = await detectSqlSupport({ source: 'live', baseUrl: 'https://x.example' }, { transport })
    expect(judged).toMatchObject({ offered: false, kind: 'unknown' })
  })
})
