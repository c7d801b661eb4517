// Warming a kept connection's private memory and count paths before the first request. Reading the
// blocks (warm.ts) leaves a new backend's first count still 3-5x the same count run again there: the
// count's bitmaps are new private memory, which glibc's malloc maps afresh past its threshold (128 kB
// at first) and hands back when freed, and the first bitmap scans, rechecks and BitmapAnds of a
// backend pay for their own first touches (README.md, "The first count"). So each kept connection:
// - allocates and frees one 30 MB block (when the tables are large enough to need it): freeing a
//   mapped block raises glibc's mmap threshold to its size (up to 32 MB) and the trim threshold to
//   twice that, so a count's bitmaps then come from the heap, which keeps their pages when they are
//   freed instead of giving them back (at 1,000,000 records a repeated count then faults none:
//   1,474-2,680 faults before, each a first touch);
// - runs two counts of the same shapes as the explorer's, with bitmap scans forced: a `q` over a
//   trigram bitmap and two filters as a BitmapAnd of two btrees, on values the planner's statistics
//   give as common (a `q` word from a value in about 4% of records, filter values covering 10% or more).
// The counts' answers are dropped; the totals cache never sees them.
import type { PoolClient } from 'pg'
import type { FieldInfo, SearchQuery } from '../../engine/index.ts'
import { searchStatements, type SqlTable } from './search-sql.ts'

/** The first block's size: freeing it sets glibc's mmap threshold (the dynamic maximum is 32 MB). */
export const THRESHOLD_BLOCK_BYTES = 30 * 1024 * 1024
/**
 * Heap blocks the served tables must have for the block to be worth it: a count's bitmap holds an
 * entry of about 48 bytes per heap block it visits, so under this its hash table stays small, and a
 * small table's start is not held up by a 30 MB block.
 */
export const THRESHOLD_MIN_BLOCKS = 4096
/** The share of records a `q` warm count aims at (the explorer's common needle matches about 4%). */
const Q_SHARE = 0.04
/** Filter values are taken, most common first, up to at least this share of records per field... */
const FILTER_SHARE = 0.1
/** ...leaving out a value more common than this (a bitmap of most of the table costs the most). */
const FILTER_VALUE_MAX = 0.2

export interface ColumnStats {
  field: string
  values: string[]
  freqs: number[]
  /** The column leads a btree (or any) index. */
  indexed: boolean
}

/** The longest word of 3 or more letters or digits in `text` (a trigram needs 3), if any. */
function longestWord(text: string): string | undefined {
  const words = text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3)
  return words.toSorted((a, b) => b.length - a.length)[0]
}

/**
 * The warm counts' conditions from the planner's statistics of text columns: a `q` word taken from
 * the common value whose share is nearest 4%, and filters on the first two indexed columns that
 * have common values under 20% adding up to 10% or more. Undefined when the statistics give neither.
 */
export function warmConditions(stats: readonly ColumnStats[]): Pick<SearchQuery, 'text' | 'filters'> | undefined {
  let text: string | undefined
  let distance = Infinity
  for (const column of stats) {
    column.values.forEach((value, index) => {
      const share = column.freqs[index] ?? 0
      const word = longestWord(value)
      if (word === undefined || share <= 0) return
      const off = Math.abs(Math.log(share / Q_SHARE))
      if (off < distance) [text, distance] = [word, off]
    })
  }
  const filters: SearchQuery['filters'] = []
  for (const column of stats) {
    if (!column.indexed || filters.length === 2) continue
    const values: string[] = []
    let share = 0
    column.values.forEach((value, index) => {
      const freq = column.freqs[index] ?? 0
      if (share >= FILTER_SHARE || freq > FILTER_VALUE_MAX) return
      values.push(value)
      share += freq
    })
    if (share >= FILTER_SHARE) filters.push({ field: column.field, values })
  }
  if (text === undefined && filters.length < 2) return undefined
  return { ...(text === undefined ? {} : { text }), filters: filters.length === 2 ? filters : [] }
}

/** The planner's most common values of `table`'s text fields, and whether an index leads with each. */
async function columnStats(client: PoolClient, schema: string, table: string, fields: readonly FieldInfo[]): Promise<ColumnStats[]> {
  const textFields = new Set(fields.filter((field) => field.type === 'text').map((field) => field.id))
  const { rows } = await client.query<{ field: string; vals: string[]; freqs: number[]; indexed: boolean }>(
    `SELECT s.attname AS field, s.most_common_vals::text::text[] AS vals, s.most_common_freqs::float8[] AS freqs,
       EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
               WHERE i.indrelid = c.oid AND a.attname = s.attname) AS indexed
     FROM pg_stats s
     JOIN pg_namespace n ON n.nspname = s.schemaname
     JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = s.tablename
     WHERE s.schemaname = $1 AND s.tablename = $2 AND s.most_common_vals IS NOT NULL
     ORDER BY (SELECT a.attnum FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = s.attname)`,
    [schema, table],
  )
  return rows
    .filter((row) => textFields.has(row.field))
    .map((row) => ({ field: row.field, values: row.vals, freqs: row.freqs.map(Number), indexed: row.indexed }))
}

/** A served table: where its statistics are (schema, name) and how its SQL is made. */
export interface WarmCountTable {
  schema: string
  name: string
  sql: SqlTable
}

/** Allocates and frees one block of THRESHOLD_BLOCK_BYTES in the backend of `client`. */
async function raiseMmapThreshold(client: PoolClient): Promise<void> {
  // a literal size, never request text: 4 kB repeated (a 1-byte text repeated costs a call per
  // byte); octet_length() keeps the answer small without reading the text
  await client.query(`SELECT octet_length(repeat(repeat('x', 4096), ${THRESHOLD_BLOCK_BYTES / 4096}))`)
}

/** What one connection's warm counts did, for the start-up line. */
export interface WarmedCounts {
  counts: number
}

/**
 * Prepares `client`'s allocator when the served tables have `blocks` heap blocks or more, then runs
 * the warm counts of each table (a `q` alone, two filters alone) with bitmap scans forced, in a
 * transaction of their own. Start-up work: the caller lifts the statement timeout.
 */
export async function warmCounts(client: PoolClient, tables: readonly WarmCountTable[], blocks: number): Promise<WarmedCounts> {
  if (blocks >= THRESHOLD_MIN_BLOCKS) await raiseMmapThreshold(client)
  let counts = 0
  for (const { schema, name, sql: table } of tables) {
    const conditions = warmConditions(await columnStats(client, schema, name, table.fields))
    if (conditions === undefined) continue
    const shapes: Pick<SearchQuery, 'text' | 'filters'>[] = []
    if (conditions.text !== undefined && table.hasSearchColumn) shapes.push({ text: conditions.text, filters: [] })
    if (conditions.filters.length === 2) shapes.push({ filters: conditions.filters })
    for (const shape of shapes) {
      const query: SearchQuery = { resourceId: name, fields: [], fieldTexts: [], sort: [], offset: 0, limit: 0, includeTotal: true, distinct: false, ...shape }
      const { count } = searchStatements(table, query)
      if (count === undefined) continue
      await client.query('BEGIN')
      try {
        await client.query('SET LOCAL enable_seqscan = off')
        await client.query('SET LOCAL enable_indexscan = off')
        await client.query('SET LOCAL enable_indexonlyscan = off')
        await client.query(count.text, count.values)
      } finally {
        await client.query('COMMIT')
      }
      counts++
    }
  }
  return { counts }
}
