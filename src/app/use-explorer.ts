import type { GroupByView } from '../features/group-by/group-by-view.ts'
import type { SummariesView } from '../features/summaries/summaries-view.ts'
import { useCallback, useEffect, useMemo, useReducer } from 'react'
import { draftToQuery, queryToDraft, type FormDraft } from '../features/query-form/draft.ts'
import type { StatusSummary } from '../features/status/status-text.ts'
import type { QueryState, SortKey } from '../query/types.ts'
import type { IgnoredParam } from '../query/url-codec.ts'
import { validateQuery, type FieldMessages } from '../query/validate.ts'
import { tokenTarget } from '../api/token-store.ts'
import { explorerReducer, linkOpened } from './explorer-state.ts'
import { messagesStillTrue, warningsStillOpen } from './field-errors.ts'
import { requestQuery } from './search-plan.ts'
import { knownFieldsOf } from './use-all-fields.ts'
import { useEscapeKey } from './use-escape.ts'
import { decodeCurrentLink, linkNamesItsServer, recordQuerySoon, useHistoryNavigation } from './use-query-link.ts'
import { loadRememberedTokens, useRememberedToken, type RememberedToken } from './use-remembered-token.ts'
import { useNextPagePrefetch } from './use-next-page-prefetch.ts'
import { useSearch, type SearchView } from './use-search.ts'
import { useSameJson } from './use-same-value.ts'
import { useStableCallback } from './use-stable-callback.ts'
import { tokenStore } from './transports.ts'

export interface RunOptions {
  /** The draft brings its own view (columns, sort) for its resource, e.g. a recent query: keep it. */
  ownView?: boolean
}

export interface Explorer {
  draft: FormDraft
  setDraft: (draft: FormDraft) => void
  run: (draft: FormDraft, options?: RunOptions) => void
  executed: QueryState
  errors: FieldMessages
  warnings: FieldMessages
  token: RememberedToken
  /** A live query waits for Run query (a link or history entry of a server not run on yet). */
  awaitingRun: boolean
  /** The token the executed query was sent with (what follow-up requests for it, e.g. export, must use). */
  runToken: string
  /** The live request timeout in seconds, as typed, and its error. */
  timeout: { text: string; setText: (text: string) => void; error?: string }
  /** The live request timeout of the executed query, in ms (follow-up requests for it use it too). */
  runTimeoutMs: number | undefined
  /** The size limit of a live answer in MB, as typed (advanced options), and its error. */
  sizeLimit: { text: string; setText: (text: string) => void; error?: string }
  /** The size limit the executed query runs with, in bytes (follow-up requests for it use it too). */
  runMaxBytes: number | undefined
  search: SearchView
  /** The same object until what it says changes (the page defers it with the answer it describes). */
  status: StatusSummary
  changeSort: (sort: SortKey[]) => void
  /** Shows another view of the executed query (page, page size, columns) without the form's unsaved edits. */
  changeView: (next: QueryState) => void
  /** All columns, server order, no sort, first page. */
  resetView: () => void
  /** The user is about to ask for the next page: fetch it now. */
  prefetchNextPage: () => void
  cancel: () => void
  ignoredLinkParams: IgnoredParam[]
  dismissLinkNote: () => void
  summaries: SummariesView
  groupBy: GroupByView
}

/** The token entered (or remembered) for the origin a query goes to: never another origin's. */
function ownToken(query: { source: QueryState['source']; baseUrl: string }): string {
  return tokenStore.tokenFor(tokenTarget(query.source, query.baseUrl))
}

function openCurrentLink() {
  loadRememberedTokens()
  const opened = decodeCurrentLink()
  // A live link that does not name its own server (none given, or one that was refused) waits for
  // Run query: nothing is fetched from an address the user did not see and choose.
  return linkOpened(opened, ownToken(opened.query), linkNamesItsServer(opened))
}

/**
 * The explorer's state (`explorer-state.ts`) wired to React: the token, the URL, the search that
 * answers the executed query. Components only render what this returns.
 */
export function useExplorer(): Explorer {
  const [state, dispatch] = useReducer(explorerReducer, undefined, openCurrentLink)
  const { draft, executed, cancelled, awaitingRun, runToken, clientErrors } = state
  const token = useRememberedToken(tokenTarget(draft.source, draft.baseUrl))
  const asked = useSearch(requestQuery(executed), runToken, !cancelled && !awaitingRun, state.timeout.runMs, state.sizeLimit.runBytes)
  // A query that waits for Run query shows no answer, not the one of the query before it (another server's).
  const search = awaitingRun ? waitingSearch(asked) : asked
  const prefetchNextPage = useNextPagePrefetch(executed, search, runToken, state.timeout.runMs, state.sizeLimit.runBytes)

  // Running the same query again refetches once the new run's settings (e.g. the timeout) are rendered.
  const refetch = useStableCallback(() => search.refetch())
  useEffect(() => {
    if (state.rerun > 0) refetch()
  }, [state.rerun, refetch])
  const shownGrouping = state.groupBy.open ? state.groupBy.grouping : undefined
  useEffect(() => {
    if (state.link) recordQuerySoon(state.link.query, { replace: state.link.replace, grouping: shownGrouping })
  }, [state.link, shownGrouping])
  useHistoryNavigation((link) => dispatch({ type: 'history-navigated', link, token: ownToken(link.query) }))

  // Every function returned keeps its identity, so that a run re-renders only what its answer changes.
  const cancel = useStableCallback(() => {
    if (!search.isFetching) return
    search.cancel()
    dispatch({ type: 'cancelled' })
  })
  useEscapeKey(cancel)

  // One object per state said, not per render: the page draws it deferred with its answer (Explorer.tsx).
  const { isFetching, data, counting, elapsedMs } = search
  const failed = search.failure !== undefined
  const progressDone = search.progress?.done
  const progressTotal = search.progress?.total
  const status = useMemo(
    () => summarize({ isFetching, data, counting, elapsedMs, failed, progress: progressTotal === undefined ? undefined : { done: progressDone ?? 0, total: progressTotal } }, executed, cancelled),
    [isFetching, data, counting, elapsedMs, failed, progressDone, progressTotal, executed, cancelled],
  )

  const answered = search.data !== undefined && !search.isPrevious && !search.failure
  const warnings = useSameJson(
    useMemo(() => {
      const guessed = validateQuery(draftToQuery(draft), { token: token.token }).warnings
      return warningsStillOpen(guessed, answered ? queryToDraft(executed) : undefined, draft)
    }, [draft, token.token, answered, executed]),
  )
  const serverFieldErrors = search.failure?.fieldErrors
  const errors = useSameJson(
    useMemo(() => {
      const fromClient = clientErrors.judged ? messagesStillTrue(clientErrors.messages, clientErrors.judged, draft) : clientErrors.messages
      const fromServer = serverFieldErrors ? messagesStillTrue(serverFieldErrors, queryToDraft(executed), draft) : {}
      return { ...fromClient, ...fromServer }
    }, [clientErrors, serverFieldErrors, executed, draft]),
  )

  const setDraft = useCallback((next: FormDraft) => dispatch({ type: 'draft-edited', draft: next }), [])
  const run = useCallback(
    (next: FormDraft, options: RunOptions = {}) =>
      // The token of the origin this draft goes to (a recent query or a pasted address may name another).
      dispatch({ type: 'run', draft: next, token: ownToken(next), knownFields: knownFieldsOf(draftToQuery(next)), ownView: options.ownView }),
    [],
  )
  const { text: timeoutText, error: timeoutError } = state.timeout
  const timeout = useMemo(() => ({ text: timeoutText, setText: (text: string) => dispatch({ type: 'timeout-edited', text }), error: timeoutError }), [timeoutText, timeoutError])
  const { text: sizeLimitText, error: sizeLimitError } = state.sizeLimit
  const sizeLimit = useMemo(() => ({ text: sizeLimitText, setText: (text: string) => dispatch({ type: 'size-limit-edited', text }), error: sizeLimitError }), [sizeLimitText, sizeLimitError])
  // Only the current query's own answer can prove that every matching record is loaded.
  const changeSort = useStableCallback((sort: SortKey[]) => dispatch({ type: 'sort-changed', sort, loaded: search.isPrevious ? undefined : search.data }))
  const changeView = useCallback((view: QueryState) => dispatch({ type: 'view-changed', view }), [])
  const resetView = useCallback(() => dispatch({ type: 'view-reset' }), [])
  const dismissLinkNote = useCallback(() => dispatch({ type: 'link-note-dismissed' }), [])
  const summaries = useMemo(
    () => ({ ...state.summaries, toggle: () => dispatch({ type: 'summaries-toggled' }), showField: (field: string) => dispatch({ type: 'summary-asked', field }) }),
    [state.summaries],
  )
  const groupBy = useMemo(
    () => ({
      ...state.groupBy,
      toggle: () => dispatch({ type: 'group-by-toggled' }),
      change: (grouping: GroupByView['grouping']) => dispatch({ type: 'grouping-changed', grouping }),
    }),
    [state.groupBy],
  )

  return {
    draft,
    setDraft,
    run,
    executed,
    errors,
    warnings,
    token,
    awaitingRun,
    runToken,
    timeout,
    runTimeoutMs: state.timeout.runMs,
    sizeLimit,
    runMaxBytes: state.sizeLimit.runBytes,
    search,
    status,
    changeSort,
    changeView,
    resetView,
    prefetchNextPage,
    cancel,
    ignoredLinkParams: state.ignoredLinkParams,
    dismissLinkNote,
    summaries,
    groupBy,
  }
}

function waitingSearch(search: SearchView): SearchView {
  return { ...search, data: undefined, isPrevious: false, failure: undefined, isFetching: false, counting: false, progress: undefined }
}

interface SearchState extends Pick<SearchView, 'isFetching' | 'data' | 'counting' | 'elapsedMs' | 'progress'> {
  failed: boolean
}

function summarize(search: SearchState, executed: QueryState, cancelled: boolean): StatusSummary {
  if (search.isFetching) return { phase: 'loading', progress: search.progress }
  if (cancelled) return { phase: 'cancelled' }
  if (search.failed) return { phase: 'error' }
  if (search.data === undefined) return { phase: 'idle' }
  return {
    phase: 'success',
    shown: search.data.records.length,
    total: search.data.total,
    totalEstimated: search.data.totalWasEstimated,
    truncated: search.data.truncated,
    counting: search.counting,
    elapsedMs: search.elapsedMs,
    sortedBy: executed.sort.length === 0 ? 'none' : executed.sortOn,
    offset: executed.offset,
    source: executed.source,
  }
}
