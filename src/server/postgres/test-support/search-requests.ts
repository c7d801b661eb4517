// Valid-looking searches for the differential test: every parameter the engine accepts, built from
// the resource's own field names and cell values (so filters and q often match), with the odd text
// the fuzz generator uses for what should match nothing. Each request is a POST with a JSON body.
import type { SeededRandom } from '../../fuzz-random.ts'
import type { FuzzRequest } from '../../fuzz-requests.ts'

export interface SearchTarget {
  basePath: string
  id: string
  fields: readonly string[]
  /** Sample cell values (as JSON values) by field. */
  values: Readonly<Record<string, readonly unknown[]>>
  token?: string
}

const ODD = ['', ' ', '%', '_', '\\', '%_', 'a_', '_a', "'", '"', ';', '--', '\x01', '\u0000', '\ud800', 'İ', 'ß', 'SS', 'é', 'E',
  'true', '5', '5.0', '-0', '1e3', '2024', '2024-01', 'T0', ':0', '.5', 'null', '(', ')']

function substring(random: SeededRandom, text: string): string {
  if (text.length === 0) return text
  const start = random.int(text.length)
  const piece = text.slice(start, start + 1 + random.int(4))
  return random.chance(0.5) ? piece.toUpperCase() : piece
}

/** A number as people and files write it, which PostgreSQL reads as the same number (`" 6.5"`, `"+6.50"`, `"06"`), or refuses (`"6,5"`). */
function respelledNumber(random: SeededRandom, cell: number): string {
  const text = String(cell)
  const digits = text.replace(/^-/, '')
  const sign = text.startsWith('-') ? '-' : random.pick(['', '+'])
  return random.pick([text, ` ${text} `, `${sign}${digits}`, `${sign}0${digits}`, Number.isInteger(cell) ? `${text}.0` : `${text}0`, text.replace('.', ','), `${text}e0`])
}

/** A date or timestamp as PostgreSQL also reads it (`2012-01-01T00:00:00`, `2012-01-01 03:04`), or refuses (`2012/13/01`). */
function respelledDate(random: SeededRandom, cell: string): string {
  const date = cell.slice(0, 10)
  return random.pick([cell, `${date}T00:00:00`, ` ${date} `, `${date} 00:00`, date.replaceAll('-', ''), `${date.slice(0, 5)}13${date.slice(7)}`, `${date}T00:00:00.0000001`])
}

export function searchRequest(random: SeededRandom, target: SearchTarget): FuzzRequest {
  const field = (): string => (random.chance(0.1) ? '_id' : random.pick(target.fields))
  const value = (name: string): unknown => {
    const values = target.values[name]
    if (name === '_id') return random.pick([1, 2, '3', 40, '007', 0, -1, 121, '1e1'])
    if (values === undefined || values.length === 0 || random.chance(0.15)) return random.pick(ODD)
    return random.pick(values)
  }
  const text = (): string => {
    if (random.chance(0.25)) return random.pick(ODD)
    const name = random.pick(target.fields)
    const cell = value(name)
    return substring(random, cell === null || cell === undefined ? '' : typeof cell === 'string' ? cell : JSON.stringify(cell))
  }
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (target.token !== undefined) headers.authorization = target.token
  if (random.chance(0.08)) {
    const action = random.pick(['datastore_info', 'resource_show'])
    const body = new TextEncoder().encode(JSON.stringify({ id: target.id }))
    return { method: 'POST', path: `${target.basePath}/api/action/${action}`, headers, body, kind: action }
  }
  const body: Record<string, unknown> = { resource_id: target.id }
  if (random.chance(0.4)) body.q = text()
  else if (random.chance(0.2)) body.q = Object.fromEntries(Array.from({ length: 1 + random.int(2) }, () => [field(), text()]))
  if (random.chance(0.1)) body.full_text = text()
  if (random.chance(0.45)) {
    body.filters = Object.fromEntries(Array.from({ length: 1 + random.int(2) }, () => {
      const name = field()
      const scalar = (): unknown => {
        const cell = value(name)
        if (typeof cell === 'number' && random.chance(0.4)) return respelledNumber(random, cell)
        if (typeof cell === 'string' && /^\d{4}-\d{2}-\d{2}/.test(cell) && random.chance(0.4)) return respelledDate(random, cell)
        return cell === undefined ? null : cell
      }
      return [name, random.chance(0.3) ? Array.from({ length: random.int(4) }, scalar) : scalar()]
    }))
  }
  if (random.chance(0.55)) {
    const clauses = Array.from({ length: 1 + random.int(3) }, () => {
      const name = random.chance(0.3) ? `"${field()}"` : field()
      const direction = random.pick(['', ' asc', ' desc', ' DESC', ' desc nulls last', ' asc nulls first', ' nulls first'])
      return `${name}${direction}`
    })
    body.sort = random.chance(0.5) ? clauses.join(', ') : clauses
  }
  if (random.chance(0.3)) body.fields = Array.from({ length: 1 + random.int(3) }, field)
  if (random.chance(0.5)) body.limit = random.pick([0, 1, 2, 3, 5, 10, 50, 1000])
  if (random.chance(0.4)) body.offset = random.pick([0, 1, 2, 7, 20, 100, 1000])
  if (random.chance(0.3)) body.include_total = random.pick([true, false, 'false'])
  if (random.chance(0.2)) body.distinct = random.pick([true, false])
  if (random.chance(0.2)) body.records_format = random.pick(['objects', 'lists', 'csv', 'tsv'])
  return {
    method: 'POST',
    path: `${target.basePath}/api/action/datastore_search`,
    headers,
    body: new TextEncoder().encode(JSON.stringify(body)),
    kind: 'valid search',
  }
}
