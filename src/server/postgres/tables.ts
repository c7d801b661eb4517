// The resources of a schema: every table (or view) with an `_id` column, its fields in column order
// (engine types from the column types), and the data dictionary kept in column comments as CKAN does
// (JSON `{"label": ..., "notes": ...}`). Tables come in creation order (the order of the --import options).
import type { Pool, PoolClient } from 'pg'
import type { DatasetInfo, FieldInfo, OtherResource } from '../../engine/index.ts'
import { resourceNameOfFile } from '../catalog-setup.ts'
import { fieldTypeOf } from './field-sql.ts'
import { HIDDEN_COLUMNS, SEARCH_COLUMN } from './sql-names.ts'

export interface FieldDictionary {
  label?: string
  notes?: string
}

/** What `resource_show` says of a table, kept by the import in the table's comment (JSON). */
export interface TableMeta {
  title?: string
  description?: string
  format?: string
  packageId?: string
  /** The dataset the table belongs to (`package_search`): every resource of its package, and which one the table is. */
  dataset?: Omit<DatasetInfo, 'otherResources'> & { resources?: OtherResource[]; served?: number }
}

export interface PgTable {
  name: string
  fields: FieldInfo[]
  /** Data dictionary entries by field id (only fields that have one). */
  dictionary: Map<string, FieldDictionary>
  hasSearchColumn: boolean
  meta: TableMeta
}

interface ColumnRow {
  table_name: string
  column_name: string
  type_name: string
  comment: string | null
  table_comment: string | null
}

const COLUMNS_SQL = `
SELECT c.relname AS table_name, a.attname AS column_name, t.typname AS type_name,
       col_description(c.oid, a.attnum) AS comment, obj_description(c.oid, 'pg_class') AS table_comment
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
JOIN pg_type t ON t.oid = a.atttypid
WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
  AND ($2::text IS NULL OR c.relname = $2)
  AND EXISTS (SELECT 1 FROM pg_attribute i WHERE i.attrelid = c.oid AND i.attname = '_id' AND NOT i.attisdropped)
ORDER BY c.oid, a.attnum`

export function parseDictionary(comment: string | null): FieldDictionary | undefined {
  if (comment === null || comment.trim() === '') return undefined
  try {
    const parsed: unknown = JSON.parse(comment)
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined
    const entry: FieldDictionary = {}
    const { label, notes } = parsed as Record<string, unknown>
    if (typeof label === 'string') entry.label = label
    if (typeof notes === 'string') entry.notes = notes
    return entry.label === undefined && entry.notes === undefined ? undefined : entry
  } catch {
    // a plain comment written by someone else: kept as the notes
    return { notes: comment }
  }
}

function parseMeta(comment: string | null): TableMeta {
  if (comment === null) return {}
  try {
    const parsed: unknown = JSON.parse(comment)
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { description: comment }
    const meta: TableMeta = {}
    for (const key of ['title', 'description', 'format', 'packageId'] as const) {
      const value = (parsed as Record<string, unknown>)[key]
      if (typeof value === 'string') meta[key] = value
    }
    // an import before names were base names kept the file's path as the title
    if (meta.title !== undefined && /[\\/]/.test(meta.title) && /\.(csv|json)$/i.test(meta.title)) meta.title = resourceNameOfFile(meta.title)
    const dataset = readDataset((parsed as Record<string, unknown>).dataset)
    if (dataset !== undefined) meta.dataset = dataset
    return meta
  } catch {
    return { description: comment }
  }
}

function readDataset(value: unknown): TableMeta['dataset'] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const dataset = value as NonNullable<TableMeta['dataset']>
  return typeof dataset.id === 'string' && typeof dataset.name === 'string' ? dataset : undefined
}

/** The served tables of a schema (or just `only`), by name. Columns of types the engine has no name for are left out. */
export async function readTables(pool: Pool | PoolClient, schema: string, only?: string): Promise<Map<string, PgTable>> {
  const { rows } = await pool.query<ColumnRow>(COLUMNS_SQL, [schema, only ?? null])
  const tables = new Map<string, PgTable>()
  for (const row of rows) {
    let table = tables.get(row.table_name)
    if (table === undefined) {
      table = { name: row.table_name, fields: [], dictionary: new Map(), hasSearchColumn: false, meta: parseMeta(row.table_comment) }
      tables.set(row.table_name, table)
    }
    if (row.column_name === SEARCH_COLUMN && row.type_name === 'text') table.hasSearchColumn = true
    if (HIDDEN_COLUMNS.has(row.column_name)) continue
    const type = fieldTypeOf(row.type_name)
    if (type === undefined) continue
    table.fields.push({ id: row.column_name, type })
    const entry = parseDictionary(row.comment)
    if (entry !== undefined) table.dictionary.set(row.column_name, entry)
  }
  return tables
}
