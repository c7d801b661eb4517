import { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { createResourceTable, grantReaders, PGLITE_SQL_OPTIONS, PlanCache, pgliteConnection, runSql, type PgliteLike, type SqlConnection } from './index.ts'

/** The connection, counting what reaches PostgreSQL: one entry per round trip. */
function counted(connection: SqlConnection): { connection: SqlConnection; trips: string[] } {
  const trips: string[] = []
  return {
    trips,
    connection: {
      query: (text) => {
        trips.push(text)
        return connection.query(text)
      },
      execMany: async (statements) => {
        trips.push(statements.join('; '))
        await connection.execMany!(statements)
      },
    },
  }
}

describe('runSql round trips (PGlite)', () => {
  it('opens the transaction in one round trip, and skips EXPLAIN for a statement whose tables are cached, still checking them per caller', async () => {
    const db = (await PGlite.create()) as unknown as PgliteLike
    await createResourceTable(db, 'open', [{ id: 'a', type: 'int' }])
    await createResourceTable(db, 'closed', [{ id: 'a', type: 'int' }])
    await db.exec(`INSERT INTO "open" VALUES (1, 10); INSERT INTO "closed" VALUES (1, 20)`)
    await grantReaders(db, [{ id: 'open', isPrivate: false }, { id: 'closed', isPrivate: true }])
    const planCache = new PlanCache()
    const options = { ...PGLITE_SQL_OPTIONS, rowsMax: 10, planCache }
    const { connection, trips } = counted(pgliteConnection(db))
    const ask = async (sql: string, readable: string[], privileged = false) => {
      trips.length = 0
      return { outcome: await runSql(connection, { sql, readable: new Set(readable), privileged }, options), trips: [...trips] }
    }

    const first = await ask('SELECT a FROM "open"', ['open'])
    expect(first.outcome).toMatchObject({ kind: 'answer', records: [{ a: 10 }] })
    // BEGIN, settings and role together; EXPLAIN; the statement; ROLLBACK
    expect(first.trips).toHaveLength(4)
    expect(first.trips[0]).toMatch(/^BEGIN READ ONLY; SELECT set_config\(.*; SET LOCAL ROLE "datastore_sql_public"$/)
    expect(first.trips[1]).toMatch(/^EXPLAIN /)

    const again = await ask('SELECT a FROM "open"', ['open'])
    expect(again.outcome).toMatchObject({ kind: 'answer', records: [{ a: 10 }] })
    expect(again.trips).toHaveLength(3)
    expect(again.trips.some((text) => text.startsWith('EXPLAIN'))).toBe(false)

    // the same statement text, cached by a caller who may read it, is still refused to one who may not
    const privileged = await ask('SELECT a FROM "closed"', ['open', 'closed'], true)
    expect(privileged.outcome).toMatchObject({ kind: 'answer', records: [{ a: 20 }] })
    const refused = await ask('SELECT a FROM "closed"', ['open'])
    expect(refused.outcome.kind).toBe('forbidden')
    expect(refused.trips.some((text) => text.startsWith('EXPLAIN'))).toBe(false)
    // and without the plan layer's help, the role alone refuses it (the cache is no way around it)
    planCache.clear()
    planCache.set(`${PGLITE_SQL_OPTIONS.searchPath}\u0000SELECT a FROM "closed"`, [{ schema: 'public', name: 'open' }])
    expect((await ask('SELECT a FROM "closed"', ['open'])).outcome.kind).toBe('forbidden')
  }, 120_000)

  it('sends the opening statements one by one on a connection that cannot send several', async () => {
    const db = (await PGlite.create()) as unknown as PgliteLike
    await createResourceTable(db, 'open', [{ id: 'a', type: 'int' }])
    await grantReaders(db, [{ id: 'open', isPrivate: false }])
    const plain = pgliteConnection(db)
    const trips: string[] = []
    const connection: SqlConnection = { query: (text) => (trips.push(text), plain.query(text)) }
    const outcome = await runSql(connection, { sql: 'SELECT count(*) AS n FROM "open"', readable: new Set(['open']), privileged: false }, { ...PGLITE_SQL_OPTIONS, rowsMax: 10 })
    expect(outcome).toMatchObject({ kind: 'answer', records: [{ n: 0 }] })
    expect(trips.map((text) => text.split(/[ (]/)[0])).toEqual(['BEGIN', 'SELECT', 'SET', 'EXPLAIN', 'SELECT', 'ROLLBACK'])
  }, 120_000)
})
