// Demo resources that ship already loaded in PGlite's data directory (the build loads them, see
// scripts/vite-sql-worker-assets.ts), so that the SQL worker's first statement on them waits for no
// load: small and fixed, built by the same engine code and loaded by the same calls (loadResource,
// grantReaders) as the SQL worker's own loads. The worker asks PostgreSQL which of them it has
// (`shippedLoaded`): a data directory made by initdb in the browser has none.
import { Catalog, tableCellTexts, type FieldInfo } from '../engine/index.ts'
import { grantReaders, loadResource, type PgliteLike } from '../sql/index.ts'
import { COURSES_RESOURCE_ID } from './metadata.ts'
import { registerDemoResources } from './register.ts'

/** Courses: the resource the explorer opens on, 120 records. */
export const SHIPPED_RESOURCE_IDS: readonly string[] = [COURSES_RESOURCE_ID]

export interface ShippedResource {
  id: string
  fields: readonly FieldInfo[]
  aliases: readonly string[]
  /** Its rows as loadResource takes them ([_id, cell texts...]), all of them. */
  rows: (string | null)[][]
}

export async function shippedResources(): Promise<ShippedResource[]> {
  const catalog = new Catalog()
  registerDemoResources(catalog)
  return Promise.all(
    SHIPPED_RESOURCE_IDS.map(async (id) => {
      const table = await catalog.prepare(id)
      return { id, fields: table.fields, aliases: catalog.resolve(id)?.aliases ?? [], rows: tableCellTexts(table, 0, table.size) }
    }),
  )
}

/** Loads them into a fresh PGlite and grants them to the reader roles, as the SQL worker would. */
export async function loadShippedResources(db: PgliteLike, resources: readonly ShippedResource[]): Promise<void> {
  for (const { id, fields, rows } of resources) await loadResource(db, id, fields, rows.length, (from, to) => rows.slice(from, to))
  await grantReaders(db, resources.map(({ id, aliases }) => ({ id, isPrivate: false, aliases })))
}

/** Which of them this database already holds (as tables of the served schema). */
export async function shippedLoaded(db: PgliteLike): Promise<string[]> {
  const { rows } = await db.query(`SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname = ANY($1::text[])`, [[...SHIPPED_RESOURCE_IDS]])
  return rows.map((row) => (row as { relname: string }).relname)
}
