import { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { withoutTemplateDatabases } from './datadir-tar.ts'
import { createResourceTable, grantReaders, PGLITE_SQL_OPTIONS, pgliteConnection, pgliteFileGrowth, runSql, type PgliteLike } from './index.ts'

describe('the shipped data directory without the template databases', () => {
  it('leaves out base/1 and base/4 only, and PGlite starts from it, loads, grants and answers', async () => {
    const fresh = await PGlite.create()
    // the database PGlite uses is the one whose files are kept
    expect((await fresh.query<{ oid: number }>('SELECT oid::int AS oid FROM pg_database WHERE datname = current_database()')).rows).toEqual([{ oid: 5 }])
    const full = new Uint8Array(await (await fresh.dumpDataDir('none')).arrayBuffer())
    await fresh.close()

    const { tar, kept, dropped } = withoutTemplateDatabases(full)
    expect(dropped.length).toBeGreaterThan(100)
    expect(dropped.every((name) => /^\/?base\/(1|4)(\/|$)/.test(name))).toBe(true)
    expect(kept.some((name) => /^\/?base\/5\//.test(name))).toBe(true)
    expect(kept.some((name) => /^\/?global\/pg_control$/.test(name))).toBe(true)
    expect(tar.length).toBeLessThan(full.length * 0.75)

    const db = (await PGlite.create({ loadDataDir: new Blob([tar]), extensions: { fileGrowth: pgliteFileGrowth } })) as unknown as PgliteLike
    await createResourceTable(db, 'r', [{ id: 'a', type: 'int' }])
    await db.query(`COPY "r" FROM '/dev/blob'`, [], { blob: new Blob(['1\t10\n2\t20\n']) })
    await db.exec('ANALYZE "r"')
    await grantReaders(db, [{ id: 'r', isPrivate: false }])
    const outcome = await runSql(pgliteConnection(db), { sql: 'SELECT sum(a) AS total FROM "r"', readable: new Set(['r']), privileged: false }, { ...PGLITE_SQL_OPTIONS, rowsMax: 10 })
    expect(outcome).toMatchObject({ kind: 'answer', records: [{ total: 30 }] })
  }, 180_000)
})
