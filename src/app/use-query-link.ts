import { useEffect, useRef } from 'react'
import type { Grouping } from '../query/grouping.ts'
import { decodeQuery, encodeLink, type DecodedLink } from '../query/url-codec.ts'
import type { QueryState } from '../query/types.ts'

/** The query the page was opened with (never throws; what was ignored is listed). */
export function decodeCurrentLink(): DecodedLink {
  return decodeQuery(typeof window === 'undefined' ? '' : window.location.search)
}

/**
 * Whether an opened live link may run at once: not when the server address it named was refused
 * (e.g. a `javascript:` base URL), or when parts of the link went unread, since the query would then
 * go to an address the link did not name.
 */
export function linkNamesItsServer(opened: DecodedLink): boolean {
  return !opened.ignored.some((item) => item.param === 'base' || item.param === '(more)' || item.param === '(whole link)')
}

function urlFor(query: QueryState, grouping: Grouping | undefined): string {
  const search = encodeLink(query, grouping)
  return `${window.location.pathname}${search === '' ? '' : `?${search}`}`
}

/**
 * Records an executed query in the page URL: a new history entry when it differs from the current
 * address, or (`replace`) a rewrite of the current one. The codec owns the format; no token in it.
 */
export function recordQuery(query: QueryState, options: { replace?: boolean; grouping?: Grouping } = {}): void {
  const next = urlFor(query, options.grouping)
  const here = `${window.location.pathname}${window.location.search}`
  if (next === here) return
  if (options.replace) window.history.replaceState(null, '', next)
  else window.history.pushState(null, '', next)
}

/** New history entries written after the task that asked for them (`recordQuerySoon`), oldest first. */
let waiting: Array<() => void> = []

function writeWaiting(): void {
  const due = waiting
  waiting = []
  for (const write of due) write()
}

/**
 * `recordQuery` for a query just run: its new history entry is written in a task of its own, after
 * the one that ran it. The request leaves in that task, after React's effects, and `pushState` there
 * (6-21 ms in a performance trace, and Chromium fetches and draws the page's icon again after it)
 * held it back. In order, none dropped. A rewrite (`replace`: an opened link's ignored parts, such as
 * a token, or the grouping) is written at once, after any entry still waiting.
 */
export function recordQuerySoon(query: QueryState, options: { replace?: boolean; grouping?: Grouping } = {}): void {
  if (options.replace) {
    writeWaiting()
    recordQuery(query, options)
    return
  }
  waiting.push(() => recordQuery(query, options))
  if (waiting.length === 1) setTimeout(writeWaiting, 0)
}

/** Back/forward: calls `onNavigate` with the query of the history entry the user moved to. */
export function useHistoryNavigation(onNavigate: (decoded: DecodedLink) => void): void {
  const latest = useRef(onNavigate)
  useEffect(() => {
    latest.current = onNavigate
  })
  useEffect(() => {
    const handle = () => {
      // The user moved in the history before a run's entry was written: it no longer belongs after this one.
      waiting = []
      latest.current(decodeCurrentLink())
    }
    window.addEventListener('popstate', handle)
    return () => window.removeEventListener('popstate', handle)
  }, [])
}
