import { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { DATADIR_INITDB_ARGS, shippedDataDirectory } from './datadir-tar.ts'
import { createResourceTable, grantReaders, PGLITE_SQL_OPTIONS, pgliteConnection, pgliteFileGrowth, runSql, type PgliteLike } from './index.ts'

const WAL_SEGMENT = /^\/?pg_wal\/[0-9A-F]{24}$/

describe('the shipped data directory', () => {
  it('leaves out base/1, base/4 and the log segments past the checkpoint, and PGlite starts from it, loads past a segment, grants and answers', async () => {
    const fresh = await PGlite.create({ initDbStartParams: [...DATADIR_INITDB_ARGS] })
    // the database PGlite uses is the one whose files are kept
    expect((await fresh.query<{ oid: number }>('SELECT oid::int AS oid FROM pg_database WHERE datname = current_database()')).rows).toEqual([{ oid: 5 }])
    expect((await fresh.query<{ wal_segment_size: string }>('SHOW wal_segment_size')).rows).toEqual([{ wal_segment_size: '1MB' }])
    const full = new Uint8Array(await (await fresh.dumpDataDir('none')).arrayBuffer())
    await fresh.close()

    const { tar, kept, dropped } = shippedDataDirectory(full)
    const droppedSegments = dropped.filter((name) => WAL_SEGMENT.test(name))
    expect(dropped.filter((name) => !WAL_SEGMENT.test(name)).length).toBeGreaterThan(100)
    expect(dropped.every((name) => /^\/?base\/(1|4)(\/|$)/.test(name) || WAL_SEGMENT.test(name))).toBe(true)
    // initdb leaves segments renamed for reuse past the current one; only the current one is kept
    expect(droppedSegments.length).toBeGreaterThan(0)
    const keptSegments = kept.filter((name) => WAL_SEGMENT.test(name))
    expect(keptSegments).toHaveLength(1)
    expect(droppedSegments.every((name) => name.slice(-24) > keptSegments[0]!.slice(-24))).toBe(true)
    expect(kept.some((name) => /^\/?base\/5\//.test(name))).toBe(true)
    expect(kept.some((name) => /^\/?global\/pg_control$/.test(name))).toBe(true)
    expect(tar.length).toBeLessThan(full.length * 0.75)

    const db = (await PGlite.create({ loadDataDir: new Blob([tar]), extensions: { fileGrowth: pgliteFileGrowth } })) as unknown as PgliteLike
    await createResourceTable(db, 'r', [{ id: 'a', type: 'int' }])
    await db.query(`COPY "r" FROM '/dev/blob'`, [], { blob: new Blob(['1\t10\n2\t20\n']) })
    // a logged load that writes well past the kept segment: PostgreSQL makes the segments it needs
    const rows = Array.from({ length: 40_000 }, (_, i) => `${i + 3}\t1\n`).join('')
    await db.query(`COPY "r" FROM '/dev/blob'`, [], { blob: new Blob([rows]) })
    await db.exec('CHECKPOINT')
    await db.exec('ANALYZE "r"')
    await grantReaders(db, [{ id: 'r', isPrivate: false }])
    const outcome = await runSql(pgliteConnection(db), { sql: 'SELECT count(*) AS n, sum(a) FILTER (WHERE _id <= 2) AS total FROM "r"', readable: new Set(['r']), privileged: false }, { ...PGLITE_SQL_OPTIONS, rowsMax: 10 })
    expect(outcome).toMatchObject({ kind: 'answer', records: [{ n: 40_002, total: 30 }] })
    // the log went past the kept segment and the ones left out
    const current = ((await db.query('SELECT pg_walfile_name(pg_current_wal_lsn()) AS name')).rows[0] as { name?: string } | undefined)?.name ?? ''
    expect(current > keptSegments[0]!.slice(-24)).toBe(true)
  }, 180_000)
})
