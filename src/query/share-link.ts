// What the request panel needs at once: the share link, and the note beside demo snippets (the
// snippet writers themselves, snippets.ts, load only when code is copied).
import { encodeQuery } from './url-codec.ts'
import type { QueryState } from './types.ts'

/** What a demo request needs to run anywhere but this page: the reference server, started from this project. */
export const DEMO_SERVER_NOTE = ['Demo mode: the demo engine answers inside the page, so this code needs a live server.', 'Start the reference server at this address with: npm run api']

/** The same for an SQL statement: the reference server answers `datastore_search_sql` only with `--sql`. */
export const DEMO_SQL_SERVER_NOTE = [DEMO_SERVER_NOTE[0], 'Start the reference server at this address with: npm run api -- --sql']

export function demoServerNote(isSql: boolean): readonly string[] {
  return isSql ? DEMO_SQL_SERVER_NOTE : DEMO_SERVER_NOTE
}

/** The page URL with the query's link parameters (never a token: the codec has no place for one). */
export function shareLink(query: QueryState, pageUrl: string): string {
  const url = new URL(pageUrl)
  url.search = encodeQuery(query)
  return url.toString()
}
