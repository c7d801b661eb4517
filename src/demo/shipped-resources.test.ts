import { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { DATADIR_INITDB_ARGS, shippedDataDirectory } from '../sql/datadir-tar.ts'
import { pgliteFileGrowth, type PgliteLike } from '../sql/index.ts'
import { COURSES_RESOURCE_ID, VARIED_RESOURCE_ID } from './metadata.ts'
import { loadShippedResources, shippedLoaded, shippedResources } from './shipped-resources.ts'
import type { FromSqlWorker } from './sql-protocol.ts'
import { createSqlWorkerHost } from './sql-worker-host.ts'

const URL_SQL = 'http://127.0.0.1:8800/data/api/action/datastore_search_sql'

/** A SQL worker host over `open`, and a way to ask it a statement: the response's status and body, and whether it loaded anything. */
function hostOver(open: () => Promise<PgliteLike>) {
  const posted: FromSqlWorker[] = []
  const host = createSqlWorkerHost({ openDatabase: open, post: (message) => posted.push(message) })
  let nextId = 1
  return async (sql: string) => {
    const id = nextId++
    host.receive({ kind: 'request', id, request: { method: 'POST', url: URL_SQL, headers: [['Content-Type', 'application/json']], body: JSON.stringify({ sql }) } })
    for (let wait = 0; wait < 2400; wait++) {
      const done = posted.find((message) => 'id' in message && message.id === id && message.kind !== 'progress')
      if (done) {
        if (done.kind !== 'response') throw new Error(done.kind === 'failed' ? done.message : done.kind)
        return { status: done.response.status, body: JSON.parse(done.response.body) as unknown, loaded: posted.some((message) => message.kind === 'progress' && message.id === id && message.progress.stage === 'loading') }
      }
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error('no answer')
  }
}

describe('demo resources shipped already loaded in the data directory', () => {
  it('a host started from it loads nothing for Courses and answers exactly as one that loads it; a later load still grants both', async () => {
    const made = await PGlite.create({ initDbStartParams: [...DATADIR_INITDB_ARGS], extensions: { fileGrowth: pgliteFileGrowth } })
    await loadShippedResources(made as unknown as PgliteLike, await shippedResources())
    await made.exec('CHECKPOINT')
    const { tar } = shippedDataDirectory(new Uint8Array(await (await made.dumpDataDir('none')).arrayBuffer()))
    await made.close()

    const shipped = (await PGlite.create({ loadDataDir: new Blob([tar]), extensions: { fileGrowth: pgliteFileGrowth } })) as unknown as PgliteLike
    expect(await shippedLoaded(shipped)).toEqual([COURSES_RESOURCE_ID])
    const fresh = (await PGlite.create()) as unknown as PgliteLike
    expect(await shippedLoaded(fresh)).toEqual([])

    const fromShipped = hostOver(async () => shipped)
    const loading = hostOver(async () => fresh)
    const statements = [
      `SELECT * FROM "${COURSES_RESOURCE_ID}" ORDER BY _id`,
      'SELECT subject, count(*) AS n, sum(fee) AS fees, min(start_date) AS first FROM "courses" GROUP BY subject ORDER BY subject',
      `SELECT * FROM "${COURSES_RESOURCE_ID}" WHERE campus = 'Zürich' AND title LIKE 'Adv%' ORDER BY code`,
    ]
    for (const [index, sql] of statements.entries()) {
      const [a, b] = [await fromShipped(sql), await loading(sql)]
      expect(a.status).toBe(200)
      expect(a.body).toEqual(b.body)
      expect(a.loaded).toBe(false)
      expect(b.loaded).toBe(index === 0)
    }
    // the reader roles: a system table stays refused, and loading another resource keeps Courses readable
    expect((await fromShipped('SELECT * FROM pg_authid')).status).toBe(403)
    const both = `SELECT (SELECT count(*) FROM "${COURSES_RESOURCE_ID}") AS courses, (SELECT count(*) FROM "${VARIED_RESOURCE_ID}") AS varied`
    const [a, b] = [await fromShipped(both), await loading(both)]
    expect(a.status).toBe(200)
    expect(a.body).toEqual(b.body)
  }, 240_000)

  it('a host started without any answers a first statement that names no resource (the reader roles exist before any load)', async () => {
    const ask = hostOver(async () => (await PGlite.create()) as unknown as PgliteLike)
    const answer = await ask("VALUES (1, 'a'), (2, NULL)")
    expect(answer.status).toBe(200)
    expect(answer.loaded).toBe(false)
    expect((answer.body as { result: { records: unknown[] } }).result.records).toEqual([
      { column1: 1, column2: 'a' },
      { column1: 2, column2: null },
    ])
  })
})
