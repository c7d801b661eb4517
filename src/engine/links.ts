// `_links` of a CKAN 2.11 answer and the `help` URL, built from the request's address.
//
// Like CKAN's `_insert_links`: the query string is parsed into a dict (a repeated key keeps its last
// value at its first position, blank values vanish), `start` drops `offset`, `next` sets it to
// offset + limit (in place, or appended last), `prev` appears only when offset - limit > 0, and the
// query is re-encoded the Python `urlencode` way (space -> "+", "{" -> "%7B"). A POST has no query
// string, so its body parameters are not in the links.

export interface Links {
  start: string
  next: string
  prev?: string
}

/** Python's quote_plus: only letters, digits and "_.-~" stay as they are. */
function quotePlus(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+')
}

function withQuery(path: string, entries: Map<string, string>): string {
  const query = [...entries].map(([key, value]) => `${quotePlus(key)}=${quotePlus(value)}`).join('&')
  return query === '' ? path : `${path}?${query}`
}

export function buildLinks(path: string, query: string, offset: number, limit: number): Links {
  if (query === '' || query === '?') {
    const links: Links = { start: path, next: `${path}?offset=${offset + limit}` }
    if (offset - limit > 0) links.prev = `${path}?offset=${offset - limit}`
    return links
  }
  const entries = new Map<string, string>()
  for (const [key, value] of new URLSearchParams(query)) {
    if (value !== '') entries.set(key, value)
  }
  const start = new Map(entries)
  start.delete('offset')
  const next = new Map(entries)
  next.set('offset', String(offset + limit))
  const links: Links = { start: withQuery(path, start), next: withQuery(path, next) }
  if (offset - limit > 0) {
    const previous = new Map(entries)
    previous.set('offset', String(offset - limit))
    links.prev = withQuery(path, previous)
  }
  return links
}

const ACTION_PATH = /^(.*)\/api(?:\/3)?\/action\/([A-Za-z0-9_]+)$/

/** `{origin}{basePath}/api/3/action/help_show?name=<action>` for the request's path (an action path). */
export function helpUrl(origin: string, requestPath: string): string {
  const key = `${origin} ${requestPath}`
  let url = helpUrls.get(key)
  if (url === undefined) {
    const match = ACTION_PATH.exec(requestPath)
    url = `${origin}${match?.[1] ?? ''}/api/3/action/help_show?name=${match?.[2] ?? 'datastore_search'}`
    if (helpUrls.size > 100) helpUrls.clear()
    helpUrls.set(key, url)
  }
  return url
}

const helpUrls = new Map<string, string>()
