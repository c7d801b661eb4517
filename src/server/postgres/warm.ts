// Warming a connection's backend before the first request. A new PostgreSQL backend pays for every
// shared-buffer page the first time it touches it, even a page other backends already read: on the
// bench's paravirtualized machine that first touch cost 10-30 us per 4 kB page, so the first count of
// a set of conditions in a new backend (15,000-30,000 heap blocks at 1,000,000 records) cost 3-5x the
// same count run again there (README.md, "The first count": the shared buffers are one part of
// that; the bitmaps' new private memory is the larger, which warm-counts.ts prepares after this).
// Reading each served table's blocks once through the shared buffers (a TID range scan, which, unlike
// a sequential scan, takes no small ring of buffers) loads them into the buffers and touches them in
// this backend; past the size of the shared buffers more blocks would only evict the first ones, so
// it stops there.
import type { PoolClient } from 'pg'
import { tableRef } from './sql-names.ts'

export interface WarmTable {
  schema: string
  name: string
}

/** What one connection read: heap blocks of the served tables, of the shared buffers' size in blocks. */
export interface WarmedBlocks {
  blocks: number
  sharedBuffers: number
}

/**
 * Reads the blocks of `tables` (plain tables and materialized views; a view has no blocks of its
 * own) through the shared buffers on `client`, touching each record's first column, up to the shared
 * buffers' size in all. Resolves with the blocks read.
 */
export async function warmBackend(client: PoolClient, tables: readonly WarmTable[]): Promise<WarmedBlocks> {
  const { rows: settings } = await client.query<{ buffers: string }>(`SELECT setting AS buffers FROM pg_settings WHERE name = 'shared_buffers'`)
  const sharedBuffers = Number(settings[0]?.buffers ?? 0)
  let blocks = 0
  for (const table of tables) {
    const left = sharedBuffers - blocks
    if (left <= 0) break
    const ref = tableRef(table.schema, table.name)
    const { rows } = await client.query<{ pages: string | null }>(
      `SELECT pg_relation_size(c.oid) / current_setting('block_size')::int8 AS pages FROM pg_class c WHERE c.oid = to_regclass($1) AND c.relkind IN ('r', 'm')`,
      [ref],
    )
    const pages = Math.min(Number(rows[0]?.pages ?? 0), left)
    if (pages <= 0) continue
    // sum(_id) reads each record's first column, so the page holding each tuple's header is touched,
    // as a count's visit to the tuple would; the bound is a literal block number, never request text
    await client.query(`SELECT sum("_id") FROM ${ref} WHERE ctid >= '(0,0)'::tid AND ctid < '(${pages},0)'::tid`)
    blocks += pages
  }
  return { blocks, sharedBuffers }
}
