import { useEffect, useMemo, useState } from 'react'
import { draftToQuery, queryToDraft, type FormDraft } from '../features/query-form/draft.ts'
import type { StatusSummary } from '../features/status/status-text.ts'
import { normalizeQuery } from '../query/normalize.ts'
import type { QueryState, SortKey } from '../query/types.ts'
import { encodeQuery, type DecodedLink, type IgnoredParam } from '../query/url-codec.ts'
import { hasErrors, validateQuery, type FieldMessages } from '../query/validate.ts'
import { offsetForRun } from '../features/paging/paging.ts'
import { requestQuery, sortPlaceForRun, withSort } from './search-plan.ts'
import { messagesStillTrue } from './field-errors.ts'
import { DEFAULT_TIMEOUT_TEXT, parseTimeout } from './timeout.ts'
import { useEscapeKey } from './use-escape.ts'
import { decodeCurrentLink, linkNamesItsServer, recordQuery, useHistoryNavigation } from './use-query-link.ts'
import { tokenTarget, useRememberedToken, type RememberedToken } from './use-remembered-token.ts'
import { useNextPagePrefetch } from './use-next-page-prefetch.ts'
import { useSearch, type SearchView } from './use-search.ts'
import { useStableCallback } from './use-stable-callback.ts'

export interface Explorer {
  draft: FormDraft
  setDraft: (draft: FormDraft) => void
  run: (draft: FormDraft) => void
  executed: QueryState
  errors: FieldMessages
  warnings: FieldMessages
  token: RememberedToken
  /** The token the executed query was sent with (what follow-up requests for it, e.g. export, must use). */
  runToken: string
  /** The live request timeout in seconds, as typed, and its error. */
  timeout: { text: string; setText: (text: string) => void; error?: string }
  search: SearchView
  status: StatusSummary
  changeSort: (sort: SortKey[]) => void
  /** Shows another view of the executed query (page, page size, columns) without the form's unsaved edits. */
  changeView: (next: QueryState) => void
  /** The user is about to ask for the next page: fetch it now. */
  prefetchNextPage: () => void
  cancel: () => void
  ignoredLinkParams: IgnoredParam[]
  dismissLinkNote: () => void
}

/**
 * The explorer's state: the form's draft, the executed query (mirrored in the URL), the token used
 * for it, and the search that answers it. Components only render what this returns.
 */
export function useExplorer(): Explorer {
  const [opened] = useState(decodeCurrentLink)
  const [ignoredLinkParams, setIgnored] = useState<IgnoredParam[]>(opened.ignored)
  const [draft, setDraft] = useState<FormDraft>(() => queryToDraft(opened.query))
  const [executed, setExecuted] = useState<QueryState>(opened.query)
  const [clientErrors, setClientErrors] = useState<{ messages: FieldMessages; judged?: FormDraft }>({ messages: {} })
  const [cancelled, setCancelled] = useState(false)
  // A live link that does not name its own server (none given, or one that was refused) waits for
  // Run query: nothing is fetched from an address the user did not see and choose.
  const [awaitingRun, setAwaitingRun] = useState(() => opened.query.source === 'live' && !linkNamesItsServer(opened))
  const token = useRememberedToken(tokenTarget(draft.source, draft.baseUrl))
  // The token a query was run with: typing in the token field does not re-run anything.
  const [runToken, setRunToken] = useState(token.token)
  const [timeoutText, setTimeoutText] = useState(DEFAULT_TIMEOUT_TEXT)
  const [timeoutError, setTimeoutError] = useState<string | undefined>(undefined)
  const [runTimeoutMs, setRunTimeoutMs] = useState<number | undefined>(undefined)
  const search = useSearch(requestQuery(executed), runToken, !cancelled && !awaitingRun, runTimeoutMs)
  const prefetchNextPage = useNextPagePrefetch(executed, search, runToken, runTimeoutMs)
  // Running the same query again refetches once the new run's settings (e.g. the timeout) are rendered.
  const [rerunRequest, setRerunRequest] = useState(0)
  const refetch = useStableCallback(() => search.refetch())
  useEffect(() => {
    if (rerunRequest > 0) refetch()
  }, [rerunRequest, refetch])

  useEffect(() => {
    // An opened link that carried ignored parts is rewritten to what is actually used.
    if (opened.ignored.length > 0) recordQuery(opened.query, { replace: true })
  }, [opened])

  useHistoryNavigation((decoded: DecodedLink) => {
    setDraft(queryToDraft(decoded.query))
    setExecuted(decoded.query)
    setClientErrors({ messages: {} })
    setCancelled(false)
    setAwaitingRun(false)
    setIgnored(decoded.ignored)
  })

  const run = (next: FormDraft) => {
    setDraft(next)
    const sorted = sortPlaceForRun(normalizeQuery(draftToQuery(next)), executed)
    const query = { ...sorted, offset: offsetForRun(sorted, executed) }
    const validation = validateQuery(query, { token: token.token })
    const timeout = parseTimeout(query.source === 'live' ? timeoutText : '')
    setTimeoutError(timeout.ok ? undefined : timeout.message)
    if (hasErrors(validation) || !timeout.ok) {
      setClientErrors({ messages: validation.errors, judged: next })
      return
    }
    setClientErrors({ messages: {} })
    setAwaitingRun(false)
    setRunTimeoutMs(timeout.timeoutMs)
    setCancelled(false)
    setDraft(queryToDraft(query))
    const unchanged = encodeQuery(query) === encodeQuery(executed) && token.token === runToken
    setExecuted(query)
    setRunToken(token.token)
    recordQuery(query)
    if (unchanged) setRerunRequest((count) => count + 1)
  }

  const changeSort = (sort: SortKey[]) => {
    // Only the current query's own answer can prove that every matching record is loaded.
    const next = withSort(executed, sort, search.isPrevious ? undefined : search.data)
    setExecuted(next)
    setDraft((current) => ({ ...current, sort: next.sort, sortOn: next.sortOn }))
    setCancelled(false)
    recordQuery(next)
  }

  const changeView = (next: QueryState) => {
    // A sort that ran in the browser was only right for the complete result this view replaces.
    const view = next.sort.length > 0 && next.sortOn === 'browser' && (next.offset !== executed.offset || next.limit !== executed.limit) ? withSort(next, next.sort, undefined) : next
    setExecuted(view)
    const { limit, offset, fields, sort, sortOn } = queryToDraft(view)
    setDraft((current) => ({ ...current, limit, offset, fields, sort, sortOn }))
    setCancelled(false)
    recordQuery(view)
  }

  const cancel = () => {
    if (!search.isFetching) return
    search.cancel()
    setCancelled(true)
  }
  useEscapeKey(cancel)

  const warnings = useMemo(() => validateQuery(draftToQuery(draft), { token: token.token }).warnings, [draft, token.token])
  const serverFieldErrors = search.failure?.fieldErrors
  const errors = useMemo(() => {
    const fromClient = clientErrors.judged ? messagesStillTrue(clientErrors.messages, clientErrors.judged, draft) : clientErrors.messages
    const fromServer = serverFieldErrors ? messagesStillTrue(serverFieldErrors, queryToDraft(executed), draft) : {}
    return { ...fromClient, ...fromServer }
  }, [clientErrors, serverFieldErrors, executed, draft])

  return {
    draft,
    setDraft,
    run,
    executed,
    errors,
    warnings,
    token,
    runToken,
    timeout: { text: timeoutText, setText: setTimeoutText, error: timeoutError },
    search,
    status: summarize(search, executed, cancelled),
    changeSort,
    changeView,
    prefetchNextPage,
    cancel,
    ignoredLinkParams,
    dismissLinkNote: () => setIgnored([]),
  }
}

function summarize(search: SearchView, executed: QueryState, cancelled: boolean): StatusSummary {
  if (search.isFetching) return { phase: 'loading', progress: search.progress }
  if (cancelled) return { phase: 'cancelled' }
  if (search.failure) return { phase: 'error' }
  if (search.data === undefined) return { phase: 'idle' }
  return {
    phase: 'success',
    shown: search.data.records.length,
    total: search.data.total,
    totalEstimated: search.data.totalWasEstimated,
    counting: search.counting,
    elapsedMs: search.elapsedMs,
    sortedBy: executed.sort.length === 0 ? 'none' : executed.sortOn,
  }
}
