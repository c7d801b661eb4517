// The warm counts' conditions from the planner's statistics, and the counts on a real PostgreSQL: a
// `q` over the trigram index and two filters, both as bitmaps, leaving the connection as it was.
import { readFileSync } from 'node:fs'
import { Pool, type PoolClient } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HAS_POSTGRES, startCluster, type TestCluster } from './test-support/test-cluster.ts'
import { THRESHOLD_MIN_BLOCKS, warmConditions, warmCounts, type ColumnStats } from './warm-counts.ts'

const stats = (field: string, pairs: [string, number][], indexed = true): ColumnStats => ({
  field,
  values: pairs.map(([value]) => value),
  freqs: pairs.map(([, freq]) => freq),
  indexed,
})

describe('the warm counts\' conditions', () => {
  it('takes the q word from the common value nearest 4% of records, and its longest word', () => {
    const conditions = warmConditions([
      stats('category', [['Noise - Residential', 0.25], ['Water Leak', 0.042], ['Rodent', 0.02]]),
      stats('channel', [['Phone', 0.46], ['Email', 0.09]]),
    ])
    expect(conditions?.text).toBe('Water')
  })

  it('skips values without a word of three letters (no trigram to search by)', () => {
    expect(warmConditions([stats('code', [['A1', 0.04], ['B-2', 0.05]]), stats('city', [['Oslo', 0.5]])])?.text).toBe('Oslo')
  })

  it('filters two indexed columns on their common values under 20%, up to 10% each', () => {
    const conditions = warmConditions([
      stats('description', [['A long text', 0.3]], false),
      stats('category', [['Noise', 0.25], ['Parking', 0.06], ['Heat', 0.05], ['Street', 0.04]]),
      stats('status', [['Closed', 0.6], ['Open', 0.14]]),
      stats('agency', [['Police', 0.15]]),
    ])
    expect(conditions?.filters).toEqual([
      { field: 'category', values: ['Parking', 'Heat'] },
      { field: 'status', values: ['Open'] },
    ])
  })

  it('gives no filters unless two columns qualify, and nothing without any condition', () => {
    expect(warmConditions([stats('status', [['Open', 0.14]]), stats('rare', [['xx', 0.01]])])).toEqual({ text: 'Open', filters: [] })
    expect(warmConditions([stats('rare', [['xx', 0.01]])])).toBeUndefined()
    expect(warmConditions([])).toBeUndefined()
  })
})

describe.skipIf(!HAS_POSTGRES)('warm counts on PostgreSQL', () => {
  let cluster: TestCluster
  let pool: Pool

  beforeAll(async () => {
    cluster = await startCluster()
    pool = new Pool({ connectionString: cluster.url, max: 1 })
    await pool.query('CREATE EXTENSION pg_trgm')
    await pool.query(`CREATE TABLE t (_id integer PRIMARY KEY, kind text, state text, _search_text text)`)
    await pool.query(`INSERT INTO t SELECT i, 'kind ' || (i % 8), CASE WHEN i % 7 = 0 THEN 'open' ELSE 'closed' END, '' FROM generate_series(1, 4000) AS i`)
    await pool.query(`UPDATE t SET _search_text = lower(kind || chr(1) || state)`)
    await pool.query('CREATE INDEX ON t USING gin (_search_text gin_trgm_ops)')
    await pool.query('CREATE INDEX ON t (kind)')
    await pool.query('CREATE INDEX ON t (state)')
    await pool.query('ANALYZE t')
  }, 60_000)

  afterAll(async () => {
    await pool?.end()
    cluster?.stop()
  })

  it('runs a q count and a filters count, then leaves no transaction or setting behind', async () => {
    const client = await pool.connect()
    try {
      const fields = [{ id: 'kind', type: 'text' as const }, { id: 'state', type: 'text' as const }]
      const warmed = await warmCounts(client, [{ schema: 'public', name: 't', sql: { ref: '"public"."t"', fields, hasSearchColumn: true } }], 1)
      expect(warmed).toEqual({ counts: 2 })
      const { rows } = await client.query<{ seq: string; tx: string }>(`SELECT current_setting('enable_seqscan') AS seq, txid_current_if_assigned()::text AS tx`)
      expect(rows[0]).toEqual({ seq: 'on', tx: null })
      expect((await client.query(`SELECT count(*)::int AS n FROM t`)).rows[0]).toEqual({ n: 4000 })
    } finally {
      client.release()
    }
  })

  it('leaves a large table\'s backend keeping a freed 10 MB block\'s pages for the next one', async () => {
    const blockSql = `SELECT octet_length(repeat(repeat('x', 4096), 2560))`
    // the backend's minor page faults (/proc/<pid>/stat, field 10) while it builds a 10 MB text the
    // second time
    const secondFaults = async (client: PoolClient): Promise<number> => {
      const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid
      const faults = (): number => {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[7])
      }
      await client.query(blockSql)
      const before = faults()
      await client.query(blockSql)
      return faults() - before
    }
    const fresh = new Pool({ connectionString: cluster.url, max: 2 })
    const [plain, warmed] = [await fresh.connect(), await fresh.connect()]
    try {
      await warmCounts(plain, [], THRESHOLD_MIN_BLOCKS - 1)
      await warmCounts(warmed, [], THRESHOLD_MIN_BLOCKS)
      // 10 MB is 2,560 pages: mapped afresh each time past glibc's first threshold, kept once it is raised
      expect(await secondFaults(plain)).toBeGreaterThan(2560)
      expect(await secondFaults(warmed)).toBeLessThan(256)
    } finally {
      plain.release()
      warmed.release()
      await fresh.end()
    }
  })

  it('runs nothing on a table without statistics', async () => {
    await pool.query(`CREATE TABLE bare (_id integer PRIMARY KEY, kind text)`)
    const client = await pool.connect()
    try {
      const fields = [{ id: 'kind', type: 'text' as const }]
      expect(await warmCounts(client, [{ schema: 'public', name: 'bare', sql: { ref: '"public"."bare"', fields, hasSearchColumn: false } }], 1)).toEqual({ counts: 0 })
    } finally {
      client.release()
    }
  })
})
