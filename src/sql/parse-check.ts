// The first safety layer: PostgreSQL's own parser (libpg-query, the server's parser compiled to WASM)
// reads the statement, so what is checked is exactly what the server will run. Refused: anything but
// one SELECT (plain, WITH, VALUES or TABLE); a statement that changes data anywhere inside it (a
// data-modifying CTE), locks rows (FOR UPDATE/SHARE) or creates a table (SELECT INTO); a system table
// or view named (`pg_*`, `information_schema`); and a call to any function not on the allow-list.
// Comments, dollar quoting and `\'` are the parser's business, so no reading of the text here can
// disagree with PostgreSQL's.

import { ALLOWED_FUNCTIONS } from './allowed-functions.ts'
import { MESSAGES } from './messages.ts'
import { isSystemRelation } from './plan-tables.ts'

export type ParseCheck =
  | { ok: true; statement: string; offset: number }
  | { ok: false; kind: 'invalid' | 'forbidden'; message: string; position?: number }

/** libpg-query's `parse`: the statement's parse tree as JSON (`{stmts: [...]}`), or a thrown SqlError. */
export type Parse = (sql: string) => Promise<unknown>
let parser: Promise<Parse> | undefined

/**
 * Where the parser comes from, for a bundle that must load libpg-query's WASM file its own way
 * (default: `import('libpg-query')`, which finds the file beside its script). Call before the first check.
 */
export function useParser(load: () => Promise<Parse>): void {
  parser = load()
}

/** The WASM parser, loaded on first use. */
function loadParser(): Promise<Parse> {
  parser ??= import('libpg-query').then(async (module) => {
    await module.loadModule()
    return module.parse as Parse
  })
  return parser
}

const MODIFYING: Readonly<Record<string, string>> = {
  InsertStmt: 'INSERT',
  UpdateStmt: 'UPDATE',
  DeleteStmt: 'DELETE',
  MergeStmt: 'MERGE',
}

interface RawStatement {
  stmt?: Record<string, unknown>
  stmt_location?: number
  stmt_len?: number
}

/**
 * Checks one statement; on success gives its text without a trailing `;` or comments around it, and
 * the character offset of that text in `sql` (to place PostgreSQL's error positions in what was sent).
 */
export async function checkStatement(sql: string): Promise<ParseCheck> {
  if (sql.trim() === '') return { ok: false, kind: 'invalid', message: MESSAGES.notSingleStatement }
  const parse = await loadParser()
  let tree: { stmts?: RawStatement[] }
  try {
    tree = (await parse(sql)) as { stmts?: RawStatement[] }
  } catch (error) {
    const details = (error as { sqlDetails?: { cursorPosition?: number } }).sqlDetails
    const message = error instanceof Error ? error.message : String(error)
    // the parser counts from 0, PostgreSQL's error positions from 1
    const position = details?.cursorPosition
    return { ok: false, kind: 'invalid', message, ...(position === undefined || position < 0 ? {} : { position: position + 1 }) }
  }
  const statements = tree.stmts ?? []
  if (statements.length !== 1) return { ok: false, kind: 'invalid', message: MESSAGES.notSingleStatement }
  const raw = statements[0] as RawStatement
  const node = raw.stmt ?? {}
  const kind = Object.keys(node)[0] ?? 'empty'
  if (kind !== 'SelectStmt') return { ok: false, kind: 'invalid', message: MESSAGES.notASelect(statementName(kind)) }
  const bytes = new TextEncoder().encode(sql)
  const refusal = walk(node)
  if (refusal !== undefined) {
    // the parser's locations count bytes from 0; PostgreSQL's error positions count characters from 1
    const { position, ...rest } = refusal
    return position === undefined ? rest : { ...rest, position: new TextDecoder().decode(bytes.subarray(0, position - 1)).length + 1 }
  }
  const start = raw.stmt_location ?? 0
  const end = raw.stmt_len === undefined || raw.stmt_len === 0 ? bytes.length : start + raw.stmt_len
  const decoder = new TextDecoder()
  const statement = decoder.decode(bytes.subarray(start, end))
  return { ok: true, statement, offset: decoder.decode(bytes.subarray(0, start)).length }
}

function statementName(kind: string): string {
  return kind.replace(/Stmt$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toUpperCase()
}

/** The first refusal found anywhere in the tree, depth first. */
function walk(value: unknown): Extract<ParseCheck, { ok: false }> | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = walk(item)
      if (found) return found
    }
    return undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  for (const [key, child] of Object.entries(value)) {
    const modifying = MODIFYING[key]
    if (modifying !== undefined) return { ok: false, kind: 'invalid', message: MESSAGES.changesData(modifying) }
    if (key === 'lockingClause' && Array.isArray(child) && child.length > 0) return { ok: false, kind: 'invalid', message: MESSAGES.locksRows }
    if (key === 'intoClause' && child) return { ok: false, kind: 'invalid', message: MESSAGES.selectInto }
    if (key === 'RangeVar') {
      const { relname, schemaname } = child as { relname?: string; schemaname?: string }
      if (isSystemRelation(relname ?? '', schemaname)) return { ok: false, kind: 'forbidden', message: MESSAGES.systemTables }
    }
    if (key === 'FuncCall') {
      const refused = functionRefusal(child)
      if (refused) return refused
    }
    const found = walk(child)
    if (found) return found
  }
  return undefined
}

function functionRefusal(call: unknown): Extract<ParseCheck, { ok: false }> | undefined {
  const { funcname, location } = call as { funcname?: { String?: { sval?: string } }[]; location?: number }
  const parts = (funcname ?? []).map((part) => part.String?.sval ?? '')
  const name = parts.at(-1) ?? ''
  const qualifiedElsewhere = parts.length > 2 || (parts.length === 2 && parts[0] !== 'pg_catalog')
  if (!qualifiedElsewhere && ALLOWED_FUNCTIONS.has(name.toLowerCase())) return undefined
  return { ok: false, kind: 'forbidden', message: MESSAGES.functionRefused(parts.join('.')), ...(location === undefined ? {} : { position: location + 1 }) }
}
