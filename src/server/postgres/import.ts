// `--import ID=FILE`: streams a data file into table ID with COPY FROM STDIN, never holding the file
// (CSV) in memory, through the same loader, checks and type inference as `--resource`; then builds
// the indexes and gathers statistics, all in one transaction (a failed import leaves nothing behind).
//
// Rows carry `_id` (file order, from 1), each field's cell text in COPY's text format (a numeric cell
// with the scale it was loaded with, `5.0`, which the column keeps), and the search column: the
// cells' lowercase texts joined by U+0001, which `q` searches through a trigram index.
import { openAsBlob } from 'node:fs'
import type { Writable } from 'node:stream'
import type { Pool, PoolClient } from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { cellScale, cellToText, scaledText, type FieldInfo, type RecordObject } from '../../engine/index.ts'
import { loadDataRecords, type RecordSink } from '../../demo/load-file.ts'
import { PG_TYPE, TEXT_COLLATION } from './field-sql.ts'
import { ident, SEARCH_COLUMN, tableRef } from './sql-names.ts'
import { isDataPackage, readDataPackage, reasonOf, resourceNameOfFile } from '../catalog-setup.ts'
import { loadDataPackageRecords } from '../datapackage.ts'
import type { FieldDictionary, TableMeta } from './tables.ts'

export class ImportError extends Error {}

export interface ImportOptions {
  schema: string
  id: string
  file: string
  /** Drop and reload a table that exists. */
  replace: boolean
}

export interface ImportResult {
  records: number
  fields: FieldInfo[]
  seconds: number
  /** Of which: reading and COPY, then the indexes and statistics. */
  copySeconds: number
  indexSeconds: number
}

const BATCH_CHARACTERS = 1 << 16

/** COPY's text format: backslash, tab, newline and carriage return escaped; null is `\N`. */
function copyText(text: string | null): string {
  if (text === null) return '\\N'
  return text.replace(/[\\\t\n\r]/g, (character) => (character === '\\' ? '\\\\' : character === '\t' ? '\\t' : character === '\n' ? '\\n' : '\\r'))
}

class CopySink implements RecordSink<number> {
  private batch = ''
  private count = 0
  private failure: Error | undefined
  /** Characters of text per field, summed: long free text gets no btree index. */
  readonly textLengths: number[]

  constructor(
    private readonly fields: FieldInfo[],
    private readonly stream: Writable,
    private readonly done: Promise<void>,
  ) {
    stream.on('error', (error: Error) => {
      this.failure = error
    })
    this.textLengths = fields.map(() => 0)
  }

  append(record: RecordObject): void {
    const texts = this.fields.map((field) => cellToText(field, record[field.id]))
    this.appendTexts(texts, this.fields.map((field, position) => cellScale(field.type, record[field.id], texts[position] ?? null)))
  }

  /** A numeric cell with its loaded scale is written with it (`5.0`): the column keeps it for csv/tsv records. */
  appendTexts(texts: readonly (string | null)[], scales?: readonly (number | undefined)[]): void {
    for (let position = 0; position < texts.length; position++) {
      this.textLengths[position] = (this.textLengths[position] as number) + (texts[position]?.length ?? 0)
      if (texts[position]?.includes('\u0000')) throw new TypeError(`Field "${this.fields[position]?.id}": PostgreSQL text cannot hold the NUL character (U+0000)`)
    }
    this.count++
    const search = texts.map((text) => text ?? '').join('\u0001').toLowerCase()
    const cells = texts.map((text, position) => copyText(scales?.[position] === undefined || text === null ? text : scaledText(text, scales[position])))
    this.batch += `${this.count}\t${cells.join('\t')}\t${copyText(search)}\n`
    if (this.batch.length >= BATCH_CHARACTERS) this.flush()
  }

  private flush(): void {
    if (this.batch === '') return
    this.stream.write(this.batch)
    this.batch = ''
  }

  async drain(): Promise<void> {
    if (this.failure) throw this.failure
    if (!this.stream.writableNeedDrain) return
    await new Promise<void>((resolve, reject) => {
      const onDrain = (): void => {
        this.stream.off('error', onError)
        resolve()
      }
      const onError = (error: Error): void => {
        this.stream.off('drain', onDrain)
        reject(error)
      }
      this.stream.once('drain', onDrain)
      this.stream.once('error', onError)
    })
  }

  /** Ends a COPY that cannot finish (the file turned out bad): the server drops what it received. */
  async abort(error: Error): Promise<void> {
    this.stream.destroy(error)
    await this.done.catch(() => undefined)
  }

  async finish(): Promise<number> {
    this.flush()
    this.stream.end()
    await this.done
    return this.count
  }
}

export async function tableExists(client: PoolClient | Pool, schema: string, id: string): Promise<boolean> {
  const { rows } = await client.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [tableRef(schema, id)])
  return rows[0]?.found === true
}

function indexName(table: string, suffix: string): string {
  // index names share the table's schema and are at most 63 bytes: a short, unique-enough name
  let hash = 0
  for (const character of `${table}\u0000${suffix}`) hash = (Math.imul(hash, 31) + (character.codePointAt(0) ?? 0)) >>> 0
  return `ds_${hash.toString(36)}_${suffix.replace(/[^a-z0-9_]/gi, '').slice(0, 20)}`
}

/** Free text longer than this on average (descriptions, notes) is searched with `q`, rarely filtered or sorted: no btree. */
const LONGEST_INDEXED_TEXT = 64

/**
 * The indexes that keep searches fast: `_id` order, trigrams for `q`, a btree per column for filters
 * and sorts. Text under the shared collation; other types as `(col DESC NULLS FIRST, _id)`, which
 * reads a descending sort (nulls first, ties by `_id`, the engine's default) straight off the index,
 * and an ascending one backwards with only the ties to reorder.
 */
function indexStatements(schema: string, id: string, fields: readonly FieldInfo[], meanLengths: readonly number[], trigrams: boolean): string[] {
  const table = tableRef(schema, id)
  const statements = [`ALTER TABLE ${table} ADD PRIMARY KEY ("_id")`]
  if (trigrams) statements.push(`CREATE INDEX ${ident(indexName(id, 'search'))} ON ${table} USING gin (${ident(SEARCH_COLUMN)} gin_trgm_ops)`)
  fields.forEach((field, position) => {
    if (field.type === 'json' || (field.type === 'text' && (meanLengths[position] ?? 0) > LONGEST_INDEXED_TEXT)) return
    const key = field.type === 'text' ? `${ident(field.id)} COLLATE ${TEXT_COLLATION}` : `${ident(field.id)} DESC NULLS FIRST, "_id"`
    statements.push(`CREATE INDEX ${ident(indexName(id, `f${position}`))} ON ${table} (${key})`)
  })
  return statements
}

async function hasTrigrams(client: PoolClient): Promise<boolean> {
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm')
    return true
  } catch {
    return false
  }
}

export async function importFile(pool: Pool, options: ImportOptions): Promise<ImportResult> {
  const started = performance.now()
  const { schema, id, file } = options
  const client = await pool.connect()
  let sink: CopySink | undefined
  try {
    const trigrams = await hasTrigrams(client)
    if (!trigrams) console.warn(`warning: the pg_trgm extension is not available: q on "${id}" will read the whole table`)
    await client.query('BEGIN')
    await client.query("SET LOCAL maintenance_work_mem = '256MB'")
    await client.query('SET LOCAL statement_timeout = 0')
    if (await tableExists(client, schema, id)) {
      if (!options.replace) throw new ImportError(`--import ${id}: table ${schema}.${id} already exists (add --replace to drop and reload it, or leave out --import to serve it as it is)`)
      await client.query(`DROP TABLE ${tableRef(schema, id)}`)
    }
    let fields: FieldInfo[] = []
    const openSink = (loaded: FieldInfo[]): CopySink => {
      fields = loaded
      sink = new CopySink(...startCopy(client, schema, id, loaded))
      return sink
    }
    let records: number
    let meta: TableMeta
    let dictionary: Record<string, FieldDictionary> = {}
    if (isDataPackage(file)) {
      const { resource, dataFile } = await readDataPackage(file, id)
      records = await loadDataPackageRecords(resource, await readable(dataFile), dataFile, openSink)
      dictionary = resource.dictionary
      meta = { title: resource.title, description: resource.description, format: resource.format, packageId: resource.packageId }
      if (resource.dataset) meta.dataset = { ...resource.dataset, modified: importTime(), resources: resource.packageResources, served: resource.index }
    } else {
      records = await loadDataRecords(await readable(file), { name: file }, openSink)
      // the file's base name, never the path on this machine
      const title = resourceNameOfFile(file)
      meta = { title, format: file.toLowerCase().endsWith('.csv') ? 'CSV' : 'JSON', dataset: { id, name: id, title, modified: importTime() } }
    }
    const copied = performance.now()
    const meanLengths = (sink?.textLengths ?? []).map((length) => length / Math.max(1, records))
    for (const statement of indexStatements(schema, id, fields, meanLengths, trigrams)) await client.query(statement)
    for (const [fieldId, entry] of Object.entries(dictionary)) {
      await client.query(`COMMENT ON COLUMN ${tableRef(schema, id)}.${ident(fieldId)} IS ${literal(JSON.stringify(entry))}`)
    }
    await client.query(`COMMENT ON TABLE ${tableRef(schema, id)} IS ${literal(JSON.stringify(meta))}`)
    await client.query(`ANALYZE ${tableRef(schema, id)}`)
    await client.query('COMMIT')
    const seconds = (performance.now() - started) / 1000
    return { records, fields, seconds, copySeconds: (copied - started) / 1000, indexSeconds: (performance.now() - copied) / 1000 }
  } catch (error) {
    await sink?.abort(error instanceof Error ? error : new Error(String(error)))
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}

async function readable(file: string): Promise<Blob> {
  try {
    return await openAsBlob(file)
  } catch (error) {
    throw new ImportError(`${file}: cannot read the file (${reasonOf(error)})`)
  }
}

/** Now, as CKAN writes `metadata_modified` (UTC, no zone). */
function importTime(): string {
  return new Date().toISOString().replace(/Z$/, '')
}

/** COMMENT takes no parameters: the one literal we write, JSON we made, quoted by doubling. */
function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`
}

function startCopy(client: PoolClient, schema: string, id: string, fields: readonly FieldInfo[]): [FieldInfo[], Writable, Promise<void>] {
  for (const field of fields) {
    if (field.id === SEARCH_COLUMN || field.id === '_full_text') throw new ImportError(`--import ${id}: the column name "${field.id}" is reserved`)
  }
  const columns = fields.map((field) => `${ident(field.id)} ${PG_TYPE[field.type]}`)
  const table = tableRef(schema, id)
  const create = `CREATE TABLE ${table} ("_id" integer NOT NULL, ${[...columns, `${ident(SEARCH_COLUMN)} text`].join(', ')})`
  // the CREATE runs before the COPY on the same connection (queries queue in order). FREEZE (allowed on
  // a table made in the same transaction) writes the rows frozen and marks every page all-visible, as a
  // VACUUM would: an aggregate over one column (datastore_search_sql's GROUP BY, a count) reads that
  // column's index only from the first request, instead of the whole table until autovacuum comes by
  const created = client.query(create)
  const stream = client.query(copyFrom(`COPY ${table} FROM STDIN WITH (FREEZE)`))
  const done = Promise.all([
    created,
    new Promise<void>((resolve, reject) => {
      stream.on('finish', () => resolve())
      stream.on('error', reject)
    }),
  ]).then(() => undefined)
  return [[...fields], stream, done]
}
