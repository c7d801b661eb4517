// On a real PostgreSQL whose shared buffers hold 128 blocks: warming a connection reads a served
// table's blocks into the shared buffers, never more blocks than the buffers hold, and passes over
// views (they have no blocks of their own).
import { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HAS_POSTGRES, startCluster, type TestCluster } from './test-support/test-cluster.ts'
import { warmBackend } from './warm.ts'

describe.skipIf(!HAS_POSTGRES)('warming a connection', () => {
  let cluster: TestCluster
  let pool: Pool

  beforeAll(async () => {
    cluster = await startCluster('datastore', { shared_buffers: '1MB' })
    pool = new Pool({ connectionString: cluster.url, max: 2 })
    await pool.query(`CREATE TABLE small (_id integer PRIMARY KEY, name text)`)
    await pool.query(`INSERT INTO small SELECT i, 'name ' || i FROM generate_series(1, 200) AS i`)
    await pool.query(`CREATE TABLE large (_id integer PRIMARY KEY, name text)`)
    await pool.query(`INSERT INTO large SELECT i, repeat('x', 400) FROM generate_series(1, 5000) AS i`)
    await pool.query(`CREATE VIEW seen AS SELECT _id, name FROM small`)
    await pool.query('CREATE EXTENSION pg_buffercache')
    // written out before the immediate stop below (the cluster runs with synchronous_commit off)
    await pool.query('CHECKPOINT')
    await pool.end()
    // a restart empties the shared buffers
    cluster.pause()
    cluster.resume()
    pool = new Pool({ connectionString: cluster.url, max: 2 })
  }, 60_000)

  afterAll(async () => {
    await pool?.end()
    cluster?.stop()
  })

  const pages = async (table: string): Promise<number> =>
    Number((await pool.query<{ n: string }>(`SELECT pg_relation_size('${table}') / 8192 AS n`)).rows[0]!.n)

  it('reads each block of a table into the shared buffers', async () => {
    const client = await pool.connect()
    const buffered = async (): Promise<number> => Number((await client.query<{ n: string }>(
      `SELECT count(DISTINCT relblocknumber) AS n FROM pg_buffercache WHERE relfilenode = pg_relation_filenode('small') AND relforknumber = 0`,
    )).rows[0]!.n)
    try {
      expect(await buffered()).toBe(0)
      const warmed = await warmBackend(client, [{ schema: 'public', name: 'seen' }, { schema: 'public', name: 'small' }])
      const blocks = await pages('small')
      expect(blocks).toBeGreaterThan(0)
      expect(warmed).toEqual({ blocks, sharedBuffers: 128 })
      expect(await buffered()).toBe(blocks)
    } finally {
      client.release()
    }
  })

  it('reads no more blocks than the shared buffers hold', async () => {
    expect(await pages('large')).toBeGreaterThan(128)
    const client = await pool.connect()
    try {
      expect(await warmBackend(client, [{ schema: 'public', name: 'large' }, { schema: 'public', name: 'small' }])).toEqual({ blocks: 128, sharedBuffers: 128 })
    } finally {
      client.release()
    }
  })
})
