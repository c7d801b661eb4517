// On a real PostgreSQL: a served table's totals are counted once per set of conditions, whatever page,
// sort or fields are asked for afterwards, and they stay exact.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Catalog, datastoreSearch } from '../../engine/index.ts'
import { importFile } from './import.ts'
import { COUNT_WORK_MEM, createPool, PostgresStore } from './store.ts'
import { readTables } from './tables.ts'
import { HAS_POSTGRES, startCluster, type TestCluster } from './test-support/test-cluster.ts'

describe.skipIf(!HAS_POSTGRES)('totals on the PostgreSQL store', () => {
  let cluster: TestCluster
  let pool: Pool
  let folder: string
  const statements: string[] = []
  let search: (params: Record<string, unknown>) => Promise<{ total?: number; records: unknown[] }>

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'pg-totals-'))
    const csv = join(folder, 'trees.csv')
    writeFileSync(csv, ['species,height', ...Array.from({ length: 300 }, (_, i) => `${['Oak', 'Birch', 'Elm'][i % 3]} ${i % 7},${i % 11}`)].join('\n'))
    cluster = await startCluster()
    pool = new Pool({ connectionString: cluster.url, max: 2 })
    await importFile(pool, { schema: 'public', id: 'trees', file: csv, replace: false })
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown
    // every statement the store sends, to see which ones count
    ;(pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0]
      statements.push(typeof first === 'string' ? first : (first as { text: string }).text)
      return query(...args)
    }
    const store = new PostgresStore(pool, 'public', await readTables(pool, 'public'), 15)
    const catalog = new Catalog()
    catalog.add({ id: 'trees', load: () => Promise.reject(new Error('served from PostgreSQL')) })
    search = async (params) => {
      const outcome = await datastoreSearch(catalog, { resource_id: 'trees', ...params }, { tokens: [], store })
      if (outcome.status !== 200) throw new Error(`datastore_search answered ${outcome.status}: ${JSON.stringify(outcome.body)}`)
      return (outcome.body as { result: { total?: number; records: unknown[] } }).result
    }
  }, 60_000)

  afterAll(async () => {
    await pool?.end()
    cluster?.stop()
    if (folder) rmSync(folder, { recursive: true, force: true })
  })

  const counts = () => statements.filter((text) => /count\(/i.test(text)).length

  it('counts a set of conditions once, then pages, sorts and fields reuse it', async () => {
    const before = counts()
    const first = await search({ q: 'oak', filters: { height: ['3', ' 04'] } })
    const again = [
      await search({ q: 'oak', filters: { height: ['04', '3'] }, offset: 5, limit: 2 }),
      await search({ q: 'oak', filters: { height: ['3', '4'] }, sort: 'species desc', fields: ['species'] }),
    ]
    expect(counts() - before).toBe(1)
    const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM trees WHERE lower(species) LIKE '%oak%' AND height IN (3, 4)`)
    expect([first.total, ...again.map((result) => result.total)]).toEqual([Number(rows[0]!.n), Number(rows[0]!.n), Number(rows[0]!.n)])
  })

  it('counts other conditions, and distinct rows of other fields, anew', async () => {
    const before = counts()
    const elm = await search({ q: 'elm' })
    const species = await search({ distinct: true, fields: ['species'] })
    const heights = await search({ distinct: true, fields: ['height'] })
    expect(counts() - before).toBe(3)
    expect([elm.total, species.total, heights.total]).toEqual([100, 21, 11])
  })

  it('gives its connections the work memory that keeps a big count\'s bitmap exact, and no JIT compile', async () => {
    const own = createPool({ url: cluster.url, statementTimeout: 15, max: 1 })
    try {
      const { rows } = await own.query<{ work_mem: string; jit: string }>(`SELECT current_setting('work_mem') AS work_mem, current_setting('jit') AS jit`)
      expect(rows[0]).toEqual({ work_mem: COUNT_WORK_MEM, jit: 'off' })
    } finally {
      await own.end()
    }
  })

  it('counts each table\'s records at start-up, so that a first page without conditions sends no count', async () => {
    const store = new PostgresStore(pool, 'public', await readTables(pool, 'public'), 15)
    const before = counts()
    await store.countTables()
    expect(counts() - before).toBe(1)
    const entry = { id: 'trees', load: () => Promise.reject(new Error('served from PostgreSQL')) }
    const catalog = new Catalog()
    catalog.add(entry)
    const outcome = await datastoreSearch(catalog, { resource_id: 'trees', limit: 2 }, { tokens: [], store })
    expect((outcome.body as { result: { total: number } }).result.total).toBe(300)
    expect(counts() - before).toBe(1)
  })

  it('opens and keeps warm connections for the first requests (a page and its count side by side)', async () => {
    const own = createPool({ url: cluster.url, statementTimeout: 15 })
    try {
      await new PostgresStore(own, 'public', await readTables(pool, 'public'), 15).warm(2)
      expect([own.totalCount, own.idleCount]).toEqual([2, 2])
    } finally {
      await own.end()
    }
  })

  it('imports a table whose pages are all visible, so a count of its records reads the primary key alone', async () => {
    const { rows } = await pool.query<{ pages: number; visible: number }>(`SELECT relpages AS pages, relallvisible AS visible FROM pg_class WHERE oid = 'public.trees'::regclass`)
    expect(rows[0]!.pages).toBeGreaterThan(0)
    expect(rows[0]!.visible).toBe(rows[0]!.pages)
  })

  it('gives the kept row count exactly, rather than the planner estimate CKAN 2.11 would give past the threshold', async () => {
    const first = await search({ limit: 1 })
    const estimated = await search({ limit: 1, total_estimation_threshold: 10 })
    expect([first.total, estimated.total]).toEqual([300, 300])
  })
})
