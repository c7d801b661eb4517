// The recent-queries list: query links (the codec's canonical string, which never holds a token),
// newest first, equal queries once. Kept in localStorage: a query without its token is no secret,
// and the list is worth keeping across visits. Pure apart from the Storage handed in.
import { decodeQuery, encodeQuery } from '../../query/url-codec.ts'
import type { QueryState } from '../../query/types.ts'

export const RECENT_LIMIT = 20
export const RECENT_STORAGE_KEY = 'datastore-explorer.recent-queries'

/**
 * The list with `query` first, an equal earlier entry removed, at most `RECENT_LIMIT` long. Another
 * view of the newest entry's search (a page, a sort, a page size, the columns) replaces that entry
 * instead of pushing older searches out: paging through a result is one recent query, not twenty.
 */
export function withRecent(list: readonly string[], query: QueryState): string[] {
  const link = encodeQuery(query)
  const [newest, ...older] = list
  const rest = newest !== undefined && sameSearch(decodeQuery(newest).query, query) ? older : list
  return [link, ...rest.filter((entry) => entry !== link)].slice(0, RECENT_LIMIT)
}

/** Whether two queries ask the same question and differ only in how the answer is viewed. */
function sameSearch(a: QueryState, b: QueryState): boolean {
  return questionOf(a) === questionOf(b)
}

/** A query's link without its view (page, sort, page size, columns). */
function questionOf(query: QueryState): string {
  return encodeQuery({ ...query, offset: 0, sort: [], sortOn: 'browser', fields: undefined, limit: undefined, widths: undefined, pinned: undefined })
}

/** The stored list; anything unreadable (another app's value, a hand edit) counts as empty. */
export function loadRecent(storage: Pick<Storage, 'getItem'> | undefined): string[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(RECENT_STORAGE_KEY) ?? '[]')
    if (!Array.isArray(value)) return []
    return value.filter((entry): entry is string => typeof entry === 'string' && decodeQuery(entry).ignored.length === 0).slice(0, RECENT_LIMIT)
  } catch {
    return []
  }
}

/** Saves the list; a full or refused storage only means the list is not kept. */
export function saveRecent(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, list: readonly string[]): void {
  try {
    if (list.length === 0) storage?.removeItem(RECENT_STORAGE_KEY)
    else storage?.setItem(RECENT_STORAGE_KEY, JSON.stringify(list))
  } catch {
    // Private browsing or a full quota: the list lives for this page only.
  }
}
