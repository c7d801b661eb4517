import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { datastoreSearchOptions } from '../api/datastore-search.ts'
import type { QueryState } from '../query/types.ts'
import type { SearchData } from './search-types.ts'
import { transports } from './transports.ts'

// The full field list last seen per resource; idempotent writes, so rendering twice changes nothing.
const knownFields = new Map<string, string[]>()
const MAX_KNOWN = 50

const resourceKey = (query: QueryState) => JSON.stringify([query.source, query.baseUrl, query.resourceId.trim()])

/** Every field of the query's resource, when an answer has listed them in this session. */
export function knownFieldsOf(query: QueryState): readonly string[] | undefined {
  return knownFields.get(resourceKey(query))
}

/**
 * Every field of the executed query's resource, in table order, so hidden columns can always be
 * shown again. Taken from an answer without `fields`; when only a chosen subset was ever loaded (an
 * opened link), one `limit: 0` request without `fields` asks for the full list, with the executed
 * query's own token, and not while the query waits for Run query (`waiting`).
 */
export function useAllFields(executed: QueryState, data: SearchData | undefined, isPrevious: boolean, token: string, waiting = false): string[] {
  const key = resourceKey(executed)
  const chosen = executed.fields
  const fresh = useMemo(() => (data && !isPrevious && chosen === undefined ? data.fields.map((field) => field.id) : undefined), [data, isPrevious, chosen])
  if (fresh) {
    if (knownFields.size >= MAX_KNOWN && !knownFields.has(key)) knownFields.delete(knownFields.keys().next().value as string)
    knownFields.set(key, fresh)
  }
  const remembered = fresh ?? knownFields.get(key)
  const listQuery = { ...executed, limit: 0, offset: 0, q: '', filters: [], sort: [], sortOn: 'browser' as const, fields: undefined }
  const list = useQuery({
    ...datastoreSearchOptions(listQuery, { transports, token }),
    placeholderData: undefined,
    enabled: !waiting && remembered === undefined && executed.fields !== undefined,
  })
  const listed = list.data?.result.fields
  return useMemo(() => {
    if (fresh) return fresh
    const base = remembered ?? listed?.map((field) => field.id) ?? []
    // Whatever the current answer or choice names is listed too, even before the full list arrives.
    // A set, not base.includes: an answer of 10,000 fields shown while the next one loads made
    // that 10,000 x 10,000 comparisons in one render.
    const inBase = new Set(base)
    const extra = [...(executed.fields ?? []), ...(data?.fields.map((field) => field.id) ?? [])].filter((name) => !inBase.has(name))
    return [...base, ...new Set(extra)]
  }, [fresh, remembered, listed, executed.fields, data])
}
