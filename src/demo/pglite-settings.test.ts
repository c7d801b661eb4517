import { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { DEMO_START_PARAMS } from './pglite-settings.ts'

describe("the demo PGlite's start settings", () => {
  it('are the ones PostgreSQL runs with, and it answers with them', async () => {
    const db = await PGlite.create({ startParams: [...PGlite.defaultStartParams, ...DEMO_START_PARAMS] })
    const setting = async (name: string) => (await db.query<{ setting: string }>(`SELECT current_setting('${name}') AS setting`)).rows[0]?.setting
    expect(await setting('shared_buffers')).toBe('16MB')
    expect(await setting('max_connections')).toBe('4')
    // PGlite's own parameters are kept
    expect(await setting('search_path')).toBe('public')
    await db.exec('CREATE TABLE t (a int); INSERT INTO t SELECT generate_series(1, 1000)')
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 1000 }])
    await db.close()
  }, 120_000)
})
