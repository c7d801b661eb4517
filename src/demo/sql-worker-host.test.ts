import { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import type { PgliteLike } from '../sql/index.ts'
import { COURSES_RESOURCE_ID, LARGE_RESOURCE_ID } from './metadata.ts'
import type { FromSqlWorker, SqlLoadProgress } from './sql-protocol.ts'
import { createSqlWorkerHost } from './sql-worker-host.ts'

const URL_SQL = 'http://127.0.0.1:8800/data/api/action/datastore_search_sql'

describe('the SQL worker host (PGlite and the shared SQL module, in Node)', () => {
  it('loads a resource when a statement names it, with progress, and answers as the server: checks, envelope, positions', async () => {
    const posted: FromSqlWorker[] = []
    const host = createSqlWorkerHost({ openDatabase: async () => (await PGlite.create()) as unknown as PgliteLike, post: (message) => posted.push(message), largeRecordCount: 1000 })
    let nextId = 1
    const ask = async (sql: string) => {
      const id = nextId++
      host.receive({ kind: 'request', id, request: { method: 'POST', url: URL_SQL, headers: [['Content-Type', 'application/json']], body: JSON.stringify({ sql }) } })
      for (let wait = 0; wait < 1200; wait++) {
        const done = posted.find((message) => 'id' in message && message.id === id && message.kind !== 'progress')
        if (done) {
          if (done.kind !== 'response') throw new Error(done.kind === 'failed' ? done.message : done.kind)
          const progress = posted.flatMap((message) => (message.kind === 'progress' && message.id === id ? [message.progress] : []))
          return { status: done.response.status, body: JSON.parse(done.response.body) as { success: boolean; result?: { records: Record<string, unknown>[]; fields: unknown[] }; error?: Record<string, unknown> }, progress }
        }
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      throw new Error('no answer')
    }

    const counted = await ask(`SELECT stage, count(*) AS n FROM "${COURSES_RESOURCE_ID}" GROUP BY stage ORDER BY stage`)
    expect(counted.status).toBe(200)
    expect(counted.body.result?.fields).toEqual([{ id: 'stage', type: 'text' }, { id: 'n', type: 'int8' }])
    expect(counted.body.result?.records.reduce((sum, record) => sum + Number(record.n), 0)).toBe(120)
    const loading = counted.progress.filter((progress: SqlLoadProgress) => progress.stage === 'loading')
    expect(loading.at(-1)).toMatchObject({ title: 'Courses', done: 240, total: 240 })

    // The alias is a view of the same table, and a second statement needs no load.
    const viaAlias = await ask('SELECT count(*) AS n FROM "courses"')
    expect(viaAlias.body.result?.records).toEqual([{ n: 120 }])
    expect(viaAlias.progress.filter((progress) => progress.stage === 'loading')).toEqual([])
    // With PostgreSQL up and nothing ahead of it, a statement is told no progress at all (the page would draw a bar for nothing).
    expect(counted.progress[0]).toMatchObject({ stage: 'starting' })
    expect(viaAlias.progress).toEqual([])

    // The server's checks: a function off the allow-list (403), PostgreSQL's message and position (409).
    const sleep = await ask(`SELECT pg_sleep(1) FROM "${COURSES_RESOURCE_ID}"`)
    expect(sleep.status).toBe(403)
    const typo = await ask(`SELECT * FORM "${COURSES_RESOURCE_ID}"`)
    expect(typo.status).toBe(409)
    expect(typo.body.error).toMatchObject({ query: ['syntax error at or near "FORM"'], info: { position: [10] } })
    const write = await ask(`DELETE FROM "${COURSES_RESOURCE_ID}"`)
    expect(write.status).not.toBe(200)
    expect((await ask(`SELECT count(*) AS n FROM "${COURSES_RESOURCE_ID}"`)).body.result?.records).toEqual([{ n: 120 }])

    // The generated resource loads only when named, straight from its generator, the bar counting its records.
    const big = await ask(`SELECT count(*) AS n, count(DISTINCT category) AS categories, min(_id) AS first, max(_id) AS last FROM "${LARGE_RESOURCE_ID}"`)
    expect(big.body.result?.records).toEqual([{ n: 1000, categories: expect.any(Number), first: 1, last: 1000 }])
    const copied = big.progress.filter((progress) => progress.stage === 'loading')
    expect(copied.at(-1)).toMatchObject({ done: 1000, total: 1000 })
    expect(copied.map((progress) => progress.done)).toEqual(copied.map((progress) => progress.done).toSorted((a, b) => a - b))
  }, 180_000)

  it('when warmed on a small demo resource, loads it before any statement names it', async () => {
    const posted: FromSqlWorker[] = []
    const host = createSqlWorkerHost({ openDatabase: async () => (await PGlite.create()) as unknown as PgliteLike, post: (message) => posted.push(message) })
    host.receive({ kind: 'warm', resourceId: 'courses' })
    host.receive({ kind: 'request', id: 1, request: { method: 'POST', url: URL_SQL, headers: [['Content-Type', 'application/json']], body: JSON.stringify({ sql: `SELECT count(*) AS n FROM "${COURSES_RESOURCE_ID}"` }) } })
    for (let wait = 0; wait < 1200 && !posted.some((message) => message.kind === 'response'); wait++) await new Promise((resolve) => setTimeout(resolve, 50))
    const response = posted.find((message) => message.kind === 'response')
    expect(response?.kind === 'response' && JSON.parse(response.response.body).result.records).toEqual([{ n: 120 }])
    // the statement waited for the load the warm-up had begun, and loaded nothing itself
    expect(posted.filter((message) => message.kind === 'progress' && message.progress.stage === 'loading')).toEqual([])
    // the warm-up said once that it was over (PostgreSQL started, Courses loaded), before the answer
    expect(posted.filter((message) => message.kind === 'warmed')).toHaveLength(1)
    expect(posted.findIndex((message) => message.kind === 'warmed')).toBeLessThan(posted.findIndex((message) => message.kind === 'response'))
  }, 180_000)
})
