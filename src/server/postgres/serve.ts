// Start-up with `--database`: connect, run the `--import`s, find the schema's tables, and hand the
// engine a catalog of them (for ids, access and the data dictionary) plus the store that runs the
// queries. Every failure here stops start-up with a message naming what to fix.
import type { Pool, PoolClient } from 'pg'
import { Catalog, datastoreSearch, type DatasetInfo, type SearchStore } from '../../engine/index.ts'
import type { PostgresOptions } from '../options.ts'
import { redactUrl } from '../options.ts'
import { DataPackageError } from '../datapackage.ts'
import { ImportError, importFile } from './import.ts'
import { ident } from './sql-names.ts'
import { createPool, PostgresStore } from './store.ts'
import { readTables, type PgTable } from './tables.ts'

/** Start-up work is not held to --statement-timeout, which is for searches. */
async function startupQuery<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('SET statement_timeout = 0')
    const result = await work(client)
    await client.query('RESET statement_timeout')
    return result
  } finally {
    client.release()
  }
}

export class PostgresStartError extends Error {}

export interface PostgresServing {
  catalog: Catalog
  store: SearchStore
  pool: Pool
  /** Table names served. */
  tables: string[]
}

export async function openPostgres(options: PostgresOptions, privateIds: readonly string[], log: (line: string) => void = console.info): Promise<PostgresServing> {
  const pool = createPool({ url: options.url, statementTimeout: options.statementTimeout })
  try {
    return await open(pool, options, privateIds, log)
  } catch (error) {
    await pool.end().catch(() => undefined)
    throw error
  }
}

async function open(pool: Pool, options: PostgresOptions, privateIds: readonly string[], log: (line: string) => void): Promise<PostgresServing> {
  try {
    await pool.query('SELECT 1')
  } catch (error) {
    throw new PostgresStartError(`cannot reach the database at ${redactUrl(options.url)}: ${error instanceof Error ? error.message : String(error)}`)
  }
  const { rows } = await startupQuery(pool, (client) => client.query<{ found: boolean }>(`SELECT EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'en-x-icu') AS found`))
  if (rows[0]?.found !== true) throw new PostgresStartError('this PostgreSQL has no ICU collation "en-x-icu" (it was built without ICU); sort needs it to order text as the engine does')
  if (options.imports.length > 0) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${ident(options.schema)}`)
  for (const { id, file } of options.imports) {
    try {
      const result = await importFile(pool, { schema: options.schema, id, file, replace: options.replace })
      log(`imported ${id}: ${result.records} records, ${result.fields.length} fields, indexes built, in ${result.seconds.toFixed(1)} s (reading and COPY ${result.copySeconds.toFixed(1)} s, indexes ${result.indexSeconds.toFixed(1)} s)`)
    } catch (error) {
      if (error instanceof ImportError) throw new PostgresStartError(error.message)
      if (error instanceof Error && (error.name === 'DataFileError' || error instanceof DataPackageError)) throw new PostgresStartError(error.message)
      throw new PostgresStartError(`--import ${id}=${file}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  const tables = await startupQuery(pool, (client) => readTables(client, options.schema))
  for (const id of privateIds) {
    if (!tables.has(id)) throw new PostgresStartError(`--private ${id}: schema ${options.schema} has no table ${id} with an _id column (tables: ${[...tables.keys()].join(', ') || 'none'})`)
  }
  const catalog = new Catalog()
  const isPrivate = new Set(privateIds)
  const datasets = tableDatasets([...tables.values()])
  for (const table of tables.values()) {
    const { title, description, format, packageId } = table.meta
    const dataset = datasets.get(table.name)
    catalog.add({
      id: table.name,
      ...(dataset === undefined ? {} : { dataset }),
      ...(title === undefined ? {} : { title }),
      ...(description === undefined ? {} : { description }),
      ...(format === undefined ? {} : { format }),
      ...(packageId === undefined ? {} : { packageId }),
      isPrivate: isPrivate.has(table.name),
      dictionary: Object.fromEntries(table.dictionary),
      load: () => {
        throw new Error(`${table.name} is served from PostgreSQL, not loaded into memory`)
      },
    })
  }
  const store = new PostgresStore(pool, options.schema, tables, options.statementTimeout)
  try {
    const warmStarted = performance.now()
    const warmed = await store.warm()
    if (tables.size > 0) log(`warmed ${warmed.connections} connections in ${(performance.now() - warmStarted).toFixed(0)} ms: each read ${warmed.blocks} blocks of the tables through the shared buffers (${warmed.sharedBuffers} blocks) and ran ${warmed.counts} warm counts`)
    const ms = await store.countTables()
    if (tables.size > 0) log(`counted the records of ${tables.size} table${tables.size === 1 ? '' : 's'} in ${ms.toFixed(0)} ms`)
  } catch (error) {
    // not fatal: a page without conditions then counts on its first request, as any other
    log(`warning: the records were not counted at start-up (${error instanceof Error ? error.message : String(error)}); the first page of each table counts them`)
  }
  // one search through the engine before listening (a q and a filter on record 1, which the primary
  // key answers at once): the first request then finds the search path compiled, whose first run
  // costs tens of milliseconds of CPU more than the next ones
  const publicTable = [...tables.keys()].find((name) => !isPrivate.has(name))
  const warmUp = { resource_id: publicTable, limit: 1, q: 'x', filters: { _id: '1' }, include_total: false }
  if (publicTable !== undefined) await datastoreSearch(catalog, warmUp, { tokens: [], store }).catch(() => undefined)
  return { catalog, store, pool, tables: [...tables.keys()] }
}

/**
 * Each table's dataset, from its comment: tables of one data package share one, listing the
 * package's resources that no table serves. A table without one is a dataset of its own (by its id).
 */
function tableDatasets(tables: readonly PgTable[]): Map<string, DatasetInfo> {
  const byTable = new Map<string, DatasetInfo>()
  const shared = new Map<string, { dataset: DatasetInfo; served: Set<number> }>()
  for (const table of tables) {
    const meta = table.meta.dataset
    if (meta === undefined) continue
    const { resources: _, served: index, ...info } = meta
    let known = shared.get(info.id)
    if (known === undefined) {
      known = { dataset: { ...info }, served: new Set() }
      shared.set(info.id, known)
    }
    if (index !== undefined) known.served.add(index)
    byTable.set(table.name, known.dataset)
  }
  for (const table of tables) {
    const meta = table.meta.dataset
    const known = meta === undefined ? undefined : shared.get(meta.id)
    if (known && meta?.resources && known.dataset.otherResources === undefined) {
      known.dataset.otherResources = meta.resources.filter((_, index) => !known.served.has(index))
    }
  }
  return byTable
}
