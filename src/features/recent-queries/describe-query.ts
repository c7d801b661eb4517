// A query in a few words, for a list entry: where, what was searched and filtered, how many.
import type { QueryState } from '../../query/types.ts'

/** The words of a description; `resource`, `host` and each of `details` come from a link or a server. */
export interface QueryDescription {
  resource: string
  /** The live server's host. */
  host?: string
  details: string[]
}

export function describeQueryParts(query: QueryState, resourceTitle: (id: string) => string | undefined): QueryDescription {
  if (query.sql !== undefined) {
    const statement = query.sql.replace(/\s+/g, ' ').trim()
    return { resource: `SQL: ${statement.length > 80 ? `${statement.slice(0, 77)}...` : statement}`, ...(query.source === 'live' ? { host: hostOf(query.baseUrl) } : {}), details: [] }
  }
  const resource = (query.source === 'demo' ? resourceTitle(query.resourceId) : undefined) ?? query.resourceId
  const details: string[] = []
  if (query.q !== '') details.push(`“${query.q}”`)
  for (const clause of query.filters) details.push(`${clause.field} = ${clause.values.join(' or ')}`)
  if (query.sort.length > 0) details.push(`sorted by ${query.sort.map((key) => `${key.field} ${key.direction}`).join(', ')}`)
  if (query.fields !== undefined) details.push(`${query.fields.length} column${query.fields.length === 1 ? '' : 's'}`)
  details.push(query.limit === undefined ? 'default limit' : `limit ${query.limit}`)
  if (query.offset > 0) details.push(`from ${query.offset}`)
  if (query.method === 'GET') details.push('GET')
  return { resource, ...(query.source === 'live' ? { host: hostOf(query.baseUrl) } : {}), details }
}

export function describeQuery(query: QueryState, resourceTitle: (id: string) => string | undefined): string {
  const { resource, host, details } = describeQueryParts(query, resourceTitle)
  return [host === undefined ? resource : `${resource} at ${host}`, ...details].join(' · ')
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host
  } catch {
    return baseUrl
  }
}
