// The tables a statement reads, from PostgreSQL's own plan (`EXPLAIN (VERBOSE, FORMAT JSON)`): views,
// CTEs and sub-queries are already resolved there to the relations actually scanned, so a private
// table reached through any of them is named. CKAN 2.11's messages: system tables (`pg_*`, the
// catalog schemas) and a table the caller may not read (private without the token, or not a served
// resource at all).

import { ALLOWED_FUNCTIONS } from './allowed-functions.ts'
import { MESSAGES } from './messages.ts'

export interface PlanRelation {
  schema: string | undefined
  name: string
  /** A set-returning function scanned (`Function Scan`), not a table. */
  function?: true
}

/** Every relation and function scanned anywhere in an EXPLAIN (FORMAT JSON) result. */
export function planRelations(explain: unknown): PlanRelation[] {
  const found: PlanRelation[] = []
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit)
      return
    }
    if (typeof value !== 'object' || value === null) return
    const node = value as Record<string, unknown>
    if (typeof node['Relation Name'] === 'string') {
      found.push({ name: node['Relation Name'], schema: typeof node.Schema === 'string' ? node.Schema : undefined })
    }
    if (typeof node['Function Name'] === 'string') {
      found.push({ name: node['Function Name'], schema: typeof node.Schema === 'string' ? node.Schema : undefined, function: true })
    }
    Object.values(node).forEach(visit)
  }
  visit(typeof explain === 'string' ? (JSON.parse(explain) as unknown) : explain)
  return found
}

const SYSTEM_SCHEMAS = new Set(['pg_catalog', 'information_schema', 'pg_toast'])

/**
 * The refusal for the first relation the caller may not read, if any. A function scanned (also one
 * inside a system view, like `pg_settings`'s) must be on the allow-list too.
 */
export function relationRefusal(relations: readonly PlanRelation[], servedSchema: string, readable: ReadonlySet<string>): string | undefined {
  const refusedFunction = relations.find((relation) => relation.function && (relation.schema !== 'pg_catalog' || !ALLOWED_FUNCTIONS.has(relation.name)))
  if (refusedFunction) return MESSAGES.functionRefused(refusedFunction.name)
  const tables = relations.filter((relation) => !relation.function)
  if (tables.some(({ name, schema }) => isSystemRelation(name, schema))) return MESSAGES.systemTables
  if (tables.some(({ name, schema }) => schema !== servedSchema || !readable.has(name))) return MESSAGES.resourceRefused
  return undefined
}

/** `pg_*` names and the catalog schemas (CKAN refuses `pg_*`; the schemas hold views over them). */
export function isSystemRelation(name: string, schema: string | undefined): boolean {
  return name.startsWith('pg_') || (schema !== undefined && SYSTEM_SCHEMAS.has(schema))
}

/** EXPLAIN's relations by statement text (runSql's `planCache`): a caller whose tables, views and search path
 * stay as they are between statements keeps one, and empties it whenever they change. */
export class PlanCache {
  private readonly plans = new Map<string, readonly PlanRelation[]>()
  constructor(private readonly size = 200) {}
  get(statement: string): readonly PlanRelation[] | undefined {
    return this.plans.get(statement)
  }
  set(statement: string, relations: readonly PlanRelation[]): void {
    this.plans.delete(statement)
    this.plans.set(statement, relations)
    // the oldest first out
    if (this.plans.size > this.size) this.plans.delete(this.plans.keys().next().value as string)
  }
  clear(): void {
    this.plans.clear()
  }
}
