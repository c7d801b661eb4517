// The PostgreSQL `SearchStore`: runs the engine's validated SearchQuery as SQL on a bounded pool and
// decodes the cell texts with the engine's own decoders, so records come out exactly as the
// in-memory store writes them. A database that cannot be reached, or a query past the statement
// timeout, becomes the engine's store errors (503, 409) instead of a 500.
import { Pool } from 'pg'
import { cellDecoder, StoreTimeoutError, StoreUnavailableError, type CellValue, type ResourceEntry, type SearchQuery, type SearchRows, type SearchStore } from '../../engine/index.ts'
import { scaledFields, searchStatements, type SqlStatement, type SqlTable } from './search-sql.ts'
import { tableRef } from './sql-names.ts'
import { TotalCache, totalKey } from './total-cache.ts'
import type { PgTable } from './tables.ts'
import { warmBackend, type WarmedBlocks } from './warm.ts'
import { warmCounts } from './warm-counts.ts'

export interface PoolOptions {
  url: string
  /** Seconds one statement may run. */
  statementTimeout: number
  /** Connections at most (default 8). */
  max?: number
}

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE', 'EAI_AGAIN'])

/** Whether an error means the database is away (connection refused, lost, shutting down, starting up). */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: string }).code
  if (code !== undefined && (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03')) return true
  return /Connection terminated|connection timeout|Client has encountered a connection error|Connection ended/i.test(error.message)
}

/** Memory for one sort or bitmap of a query: enough to keep a 10M-record table's bitmaps exact. */
export const COUNT_WORK_MEM = '32MB'

export function createPool(options: PoolOptions): Pool {
  const pool = new Pool({
    connectionString: options.url,
    max: options.max ?? 8,
    connectionTimeoutMillis: 5_000,
    // connections stay open once made: a new one costs a connection set-up and a backend whose
    // catalog caches are cold (the first plan of a search there reads hundreds of catalog pages)
    idleTimeoutMillis: 0,
    statement_timeout: Math.round(options.statementTimeout * 1000),
    application_name: 'datastore-explorer',
    // A count of a common q visits its rows through a bitmap of the trigram index's matches; at 10M
    // records with the default 4 MB the bitmap turns lossy (264,339 of 300,078 heap blocks) and every
    // row of those blocks is rechecked: 4.7-5.4 s. With 32 MB it stays exact: 1.6-2.0 s (EXPLAIN
    // ANALYZE, BUFFERS; src/server/postgres/README.md).
    // JIT off: a count's plan passes jit_above_cost at about 2,000,000 records, and compiling it cost
    // 538 ms in a new backend (140 ms after) for an aggregate of one or two conditions it barely speeds
    // up (EXPLAIN ANALYZE with the JIT thresholds at 0, 1,000,000 records; README.md)
    options: `-c work_mem=${COUNT_WORK_MEM} -c jit=off`,
  })
  // an idle connection dropped by the server must not bring the process down; the next query reconnects
  pool.on('error', () => undefined)
  return pool
}

/** The page rows' numeric scales (the `s<i>` columns after the texts) by row and field position. */
function pageScales(rows: readonly unknown[][], query: SearchQuery): SearchRows['scales'] {
  const scaled = scaledFields(query)
  const width = query.fields.length
  return rows.map((row) => {
    const scales: (number | undefined)[] = []
    scaled.forEach((field, k) => {
      const scale = row[width + k]
      if (scale !== null && scale !== undefined) scales[field] = Number(scale)
    })
    return scales
  })
}

/** A search without conditions, as far as its total is concerned. */
const UNCONDITIONED = { fieldTexts: [], filters: [], distinct: false, fields: [] } satisfies Parameters<typeof totalKey>[1]

export class PostgresStore implements SearchStore {
  private readonly tables: Map<string, PgTable>
  private readonly totals = new TotalCache()

  constructor(
    private readonly pool: Pool,
    private readonly schema: string,
    tables: ReadonlyMap<string, PgTable>,
    private readonly statementTimeout: number,
  ) {
    this.tables = new Map(tables)
  }

  /**
   * Counts each served table's records once, before the first request: a page without conditions
   * then never waits for a count, whatever the table's size (an imported table's pages are all-visible,
   * so the count reads the primary key alone). Resolves with the milliseconds it took.
   */
  async countTables(): Promise<number> {
    const started = performance.now()
    for (const table of this.tables.values()) {
      const ref = tableRef(this.schema, table.name)
      await this.totals.get(totalKey(ref, UNCONDITIONED), async () => {
        const { rows } = await this.pool.query<{ total: string }>(`SELECT count(*) AS total FROM ${ref}`)
        return Number(rows[0]?.total ?? 0)
      })
    }
    return performance.now() - started
  }

  /**
   * Opens `connections` connections at once, plans a search of each table on each, and reads the
   * tables' blocks through the shared buffers on each (warm.ts), so that the first requests (a page
   * and its count run side by side) find backends whose catalog caches hold the tables and which have
   * already touched the shared buffers a count reads; then prepares each one's allocator and runs
   * counts of the explorer's shapes there (warm-counts.ts), so a first count does not pay for the
   * bitmaps' new memory; the pool keeps them. Resolves with the connections, the blocks each read,
   * the shared buffers' size in blocks and the warm counts each ran.
   */
  async warm(connections = 2): Promise<WarmedBlocks & { connections: number; counts: number }> {
    const clients = await Promise.all(Array.from({ length: connections }, () => this.pool.connect()))
    const tables = [...this.tables.values()].map((table) => ({ schema: this.schema, name: table.name }))
    const countTables = [...this.tables.values()].map((table) => ({
      schema: this.schema,
      name: table.name,
      sql: { ref: tableRef(this.schema, table.name), fields: table.fields, hasSearchColumn: table.hasSearchColumn },
    }))
    try {
      const warmed = await Promise.all(clients.map(async (client) => {
        for (const table of tables) await client.query(`EXPLAIN SELECT * FROM ${tableRef(table.schema, table.name)} ORDER BY "_id" LIMIT 1`)
        // start-up work, not held to the statement timeout (it reads at most the shared buffers' size)
        await client.query('SET statement_timeout = 0')
        try {
          const blocks = await warmBackend(client, tables)
          const { counts } = await warmCounts(client, countTables, blocks.blocks)
          return { ...blocks, counts }
        } finally {
          await client.query('RESET statement_timeout')
        }
      }))
      return { connections, ...(warmed[0] ?? { blocks: 0, sharedBuffers: 0, counts: 0 }) }
    } finally {
      for (const client of clients) client.release()
    }
  }

  private table(entry: ResourceEntry): PgTable {
    const table = this.tables.get(entry.id)
    if (table === undefined) throw new Error(`no table for resource ${entry.id}`)
    return table
  }

  async columns(entry: ResourceEntry): Promise<PgTable['fields']> {
    return this.table(entry).fields
  }

  async search(entry: ResourceEntry, query: SearchQuery): Promise<SearchRows> {
    const table = this.table(entry)
    const sqlTable: SqlTable = { ref: tableRef(this.schema, table.name), fields: table.fields, hasSearchColumn: table.hasSearchColumn }
    const { page, count } = searchStatements(sqlTable, query)
    const decoders = query.fields.map((field) => (field.id === '_id' ? (text: string | null) => Number(text) : cellDecoder(field.type)))
    try {
      const [pageResult, counted] = await Promise.all([
        this.pool.query<(string | null)[]>({ text: page.text, values: page.values, rowMode: 'array' }),
        count === undefined ? undefined : this.total(sqlTable.ref, query, count),
      ])
      const width = query.fields.length
      const rows = pageResult.rows.map((row) => row.slice(0, width).map((text, index): CellValue => decoders[index]!(text)))
      if (query.withScales !== true) return { rows, ...counted }
      return { rows, scales: pageScales(pageResult.rows, query), ...counted }
    } catch (error) {
      throw this.storeError(error)
    }
  }

  /**
   * The total: counted once per table and conditions (total-cache.ts), then known. Before it is
   * known, CKAN 2.11's estimate from the planner's statistics (`pg_class.reltuples`) when a threshold
   * is given, nothing narrows the rows, and the estimate reaches the threshold; else the count.
   */
  private async total(ref: string, query: SearchQuery, count: SqlStatement): Promise<{ total: number; totalWasEstimated?: boolean }> {
    const key = totalKey(ref, query)
    const known = this.totals.known(key)
    if (known !== undefined) return { total: known }
    const threshold = query.totalEstimationThreshold
    const unconditioned = query.text === undefined && query.fieldTexts.length === 0 && query.filters.length === 0 && !query.distinct
    if (threshold !== undefined && threshold !== null && unconditioned) {
      const { rows } = await this.pool.query<{ estimate: number | null }>('SELECT reltuples::float8 AS estimate FROM pg_class WHERE oid = to_regclass($1)', [ref])
      const estimate = rows[0]?.estimate ?? -1
      if (estimate >= 0 && estimate >= threshold) return { total: Math.round(estimate), totalWasEstimated: true }
    }
    const total = await this.totals.get(key, async () => {
      const { rows } = await this.pool.query<{ total: string }>(count.text, count.values)
      return Number(rows[0]?.total ?? 0)
    })
    return { total }
  }

  private storeError(error: unknown): unknown {
    if ((error as { code?: string }).code === '57014') return new StoreTimeoutError(this.statementTimeout)
    if (isUnavailable(error)) return new StoreUnavailableError('the database is unavailable')
    return error
  }
}
