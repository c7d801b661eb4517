// Each safety layer of datastore_search_sql alone, on both engines: with every other layer switched
// off, the layer still refuses the statements it is there for. And the check that these tests would
// notice a missing layer: with that layer off too, the same statements are answered.
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SqlOutcome } from '../../engine/index.ts'
import { grantReaders, loadResource, PGLITE_SQL_OPTIONS, pgliteConnection, runSql, type PgliteLike, type SqlConnection, type SqlLayer, type SqlRunOptions } from '../../sql/index.ts'
import { Catalog } from '../../engine/index.ts'
import { createPool } from '../postgres/store.ts'
import { openPostgresSql, pgConnection, postgresRunOptions } from '../postgres/sql-store.ts'
import { HAS_POSTGRES, startCluster, type TestCluster } from '../postgres/test-support/test-cluster.ts'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { importFile } from '../postgres/import.ts'
import type { Pool } from 'pg'

const LAYERS: readonly SqlLayer[] = ['parse', 'read', 'plan', 'role', 'rows']
const ROWS_MAX = 2

/** What each layer must stop on its own; `secret` is private, `trees` public (3 rows). */
const ALONE: Record<SqlLayer, string[]> = {
  parse: ["SELECT set_config('work_mem', '1MB', true)", 'SELECT count(*) FROM trees WHERE txid_current() > 0', 'SELECT * FROM trees FOR UPDATE'],
  read: ['SELECT * FROM trees FOR UPDATE', "SELECT nextval('public.counter')"],
  plan: ['SELECT * FROM secret', 'SELECT * FROM (SELECT * FROM secret) AS s', 'SELECT count(*) FROM pg_class', 'SELECT name FROM pg_settings'],
  role: ['SELECT * FROM secret', 'SELECT * FROM trees, secret', 'SELECT count(*) FROM pg_authid'],
  rows: ['SELECT * FROM generate_series(1, 5)', 'SELECT * FROM trees'],
}

function refused(outcome: SqlOutcome, layer: SqlLayer): boolean {
  if (layer === 'rows') return outcome.kind === 'answer' && outcome.truncated && outcome.records.length === ROWS_MAX
  return outcome.kind !== 'answer'
}

interface Engine {
  connection: () => Promise<{ connection: SqlConnection; done: () => void }>
  options: Omit<SqlRunOptions, 'without'>
}

async function run(engine: Engine, sql: string, without: ReadonlySet<SqlLayer>): Promise<SqlOutcome> {
  const { connection, done } = await engine.connection()
  try {
    return await runSql(connection, { sql, readable: new Set(['trees']), privileged: false }, { ...engine.options, without })
  } finally {
    done()
  }
}

function layerTests(engine: () => Engine): void {
  for (const layer of LAYERS) {
    it(`${layer} alone refuses what it is for`, async () => {
      const without = new Set(LAYERS.filter((other) => other !== layer))
      for (const sql of ALONE[layer]) {
        const outcome = await run(engine(), sql, without)
        expect(refused(outcome, layer), `${sql}: ${JSON.stringify(outcome)}`).toBe(true)
      }
    })
    it(`without ${layer} too, the same statements get through (so the test above sees the layer)`, async () => {
      for (const sql of ALONE[layer]) {
        const outcome = await run(engine(), sql, new Set(LAYERS))
        expect(outcome.kind, `${sql}: ${JSON.stringify(outcome)}`).toBe('answer')
        expect(refused(outcome, layer)).toBe(false)
      }
    })
  }
}

const TREES = [['1', 'Oak'], ['2', 'Birch'], ['3', 'Oak']]

describe('each SQL safety layer alone, on PGlite', () => {
  let db: PGlite
  let engine: Engine
  beforeAll(async () => {
    db = await PGlite.create()
    const lite = db as unknown as PgliteLike
    await loadResource(lite, 'trees', [{ id: 'species', type: 'text' }], 3, () => TREES)
    await loadResource(lite, 'secret', [{ id: 'name', type: 'text' }], 1, () => [['1', 'Ada']])
    await db.exec('CREATE SEQUENCE counter')
    await grantReaders(lite, [{ id: 'trees', isPrivate: false }, { id: 'secret', isPrivate: true }])
    engine = { connection: async () => ({ connection: pgliteConnection(lite), done: () => undefined }), options: { ...PGLITE_SQL_OPTIONS, rowsMax: ROWS_MAX } }
  }, 60_000)
  afterAll(async () => {
    await db?.close()
  })
  layerTests(() => engine)
})

describe.skipIf(!HAS_POSTGRES)('each SQL safety layer alone, on PostgreSQL', () => {
  let cluster: TestCluster
  let pool: Pool
  let folder: string
  let engine: Engine
  beforeAll(async () => {
    cluster = await startCluster()
    pool = createPool({ url: cluster.url, statementTimeout: 10 })
    folder = mkdtempSync(join(tmpdir(), 'sql-layers-'))
    writeFileSync(join(folder, 'trees.csv'), `species\n${TREES.map(([, name]) => name).join('\n')}\n`)
    writeFileSync(join(folder, 'secret.csv'), 'name\nAda\n')
    for (const id of ['trees', 'secret']) await importFile(pool, { schema: 'public', id, file: join(folder, `${id}.csv`), replace: false })
    await pool.query('CREATE SEQUENCE public.counter')
    const catalog = new Catalog()
    for (const id of ['trees', 'secret']) catalog.add({ id, isPrivate: id === 'secret', load: () => Promise.reject(new Error('not in memory')) })
    const options = { rowsMax: ROWS_MAX, statementTimeout: 10 }
    await openPostgresSql(pool, 'public', catalog, options)
    engine = {
      connection: async () => {
        const client = await pool.connect()
        return { connection: pgConnection(client), done: () => client.release() }
      },
      options: postgresRunOptions('public', options),
    }
  }, 120_000)
  afterAll(async () => {
    await pool?.end()
    cluster?.stop()
    if (folder) rmSync(folder, { recursive: true, force: true })
  })
  layerTests(() => engine)

  it('never drops a schema of the views\' name that --sql did not make', async () => {
    await pool.query('CREATE SCHEMA mine; CREATE SCHEMA mine_sql; CREATE TABLE mine_sql.keep (a int)')
    await expect(openPostgresSql(pool, 'mine', new Catalog(), { rowsMax: 1, statementTimeout: 1 })).rejects.toThrow('--sql: schema mine_sql exists and was not made by --sql; rename it, or serve another --schema')
    expect((await pool.query('SELECT count(*)::int AS n FROM mine_sql.keep')).rows).toEqual([{ n: 0 }])
  })
})
