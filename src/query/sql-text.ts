// SQL text the explorer writes itself: quoted names and the examples offered for a resource (counts
// per value, a monthly series). Pure.
import { firstStatement, tableName } from './sql-names.ts'

/** PostgreSQL's reserved key words (those a bare column name cannot be). */
const RESERVED = new Set(
  (
    'all analyse analyze and any array as asc asymmetric both case cast check collate column constraint create ' +
    'current_catalog current_date current_role current_time current_timestamp current_user default deferrable desc ' +
    'distinct do else end except false fetch for foreign from grant group having in initially intersect into lateral ' +
    'leading limit localtime localtimestamp not null offset on only or order placing primary references returning ' +
    'select session_user some symmetric system_user table then to trailing true union unique user using variadic when where window with'
  ).split(' '),
)

/** A name as PostgreSQL reads it back unchanged: bare when it is a plain lower-case word, else in double quotes. */
export function quoteIdent(name: string): string {
  if (/^[a-z_][a-z0-9_]*$/.test(name) && !RESERVED.has(name)) return name
  return `"${name.replace(/"/g, '""')}"`
}

export interface SqlFieldInfo {
  id: string
  type: string
}

export interface SqlExample {
  label: string
  sql: string
}

const COUNTABLE = /^(text|varchar|bool)/
const DATED = /^(date|timestamp)/
const NUMERIC = /^(int|numeric|float)/

/**
 * Examples for a resource: the first rows, counts per value of a text field (`preferred` first when
 * it has one), and a monthly series over a date field (with the mean of a number field when there is one).
 */
export function sqlExamples(resourceId: string, fields: readonly SqlFieldInfo[], preferred: readonly string[] = []): SqlExample[] {
  const table = tableName(resourceId.trim())
  const own = fields.filter((field) => field.id !== '_id')
  const pick = (pattern: RegExp) => own.find((field) => preferred.includes(field.id) && pattern.test(field.type)) ?? own.find((field) => pattern.test(field.type))
  const examples: SqlExample[] = [{ label: 'First 10 records', sql: firstStatement(resourceId) }]
  const category = pick(COUNTABLE)
  if (category) {
    const name = quoteIdent(category.id)
    examples.push({ label: `Count per ${category.id}`, sql: `SELECT ${name}, count(*) AS records\nFROM ${table}\nGROUP BY ${name}\nORDER BY records DESC` })
  }
  const date = pick(DATED)
  if (date) {
    const name = quoteIdent(date.id)
    const measure = pick(NUMERIC)
    const mean = measure ? `,\n       round(avg(${quoteIdent(measure.id)})::numeric, 2) AS mean_${measure.id.replace(/\W/g, '_')}` : ''
    examples.push({
      label: `Monthly series of ${date.id}`,
      sql: `SELECT to_char(date_trunc('month', ${name}), 'YYYY-MM') AS month,\n       count(*) AS records${mean}\nFROM ${table}\nWHERE ${name} IS NOT NULL\nGROUP BY 1\nORDER BY 1`,
    })
  }
  return examples
}
