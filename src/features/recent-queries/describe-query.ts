// A query in a few words, for a list entry: where, what was searched and filtered, how many.
import type { QueryState } from '../../query/types.ts'

export function describeQuery(query: QueryState, resourceTitle: (id: string) => string | undefined): string {
  if (query.sql !== undefined) {
    const statement = query.sql.replace(/\s+/g, ' ').trim()
    const where = query.source === 'live' ? ` · at ${hostOf(query.baseUrl)}` : ''
    return `SQL: ${statement.length > 80 ? `${statement.slice(0, 77)}...` : statement}${where}`
  }
  const resource = (query.source === 'demo' ? resourceTitle(query.resourceId) : undefined) ?? query.resourceId
  const parts = [query.source === 'live' ? `${resource} at ${hostOf(query.baseUrl)}` : resource]
  if (query.q !== '') parts.push(`“${query.q}”`)
  for (const clause of query.filters) parts.push(`${clause.field} = ${clause.values.join(' or ')}`)
  if (query.sort.length > 0) parts.push(`sorted by ${query.sort.map((key) => `${key.field} ${key.direction}`).join(', ')}`)
  if (query.fields !== undefined) parts.push(`${query.fields.length} column${query.fields.length === 1 ? '' : 's'}`)
  parts.push(query.limit === undefined ? 'default limit' : `limit ${query.limit}`)
  if (query.offset > 0) parts.push(`from ${query.offset}`)
  if (query.method === 'GET') parts.push('GET')
  return parts.join(' · ')
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host
  } catch {
    return baseUrl
  }
}
