// The explorer's state and every way it changes, as plain data: one reducer, no React. The hook
// (`use-explorer.ts`) only wires it to React, the URL and the search. To add a transition, add an
// action to `ExplorerAction` and its case to `explorerReducer` (TypeScript checks every case is handled).
import { tokenTarget, type TokenTarget } from '../api/token-store.ts'
import { draftToQuery, queryToDraft, type FormDraft } from '../features/query-form/draft.ts'
import { offsetForRun } from '../features/paging/paging.ts'
import { normalizeQuery } from '../query/normalize.ts'
import type { Grouping } from '../query/grouping.ts'
import type { QueryState, SortKey } from '../query/types.ts'
import { encodeQuery, type DecodedLink, type IgnoredParam } from '../query/url-codec.ts'
import { hasErrors, validateQuery, type FieldMessages } from '../query/validate.ts'
import { sortPlaceForRun, withSort } from './search-plan.ts'
import type { SearchData } from './search-types.ts'
import { DEFAULT_SIZE_LIMIT_TEXT, parseSizeLimit } from './size-limit.ts'
import { DEFAULT_TIMEOUT_TEXT, parseTimeout } from './timeout.ts'

export interface ExplorerState {
  /** The form as typed. */
  draft: FormDraft
  /** The query the results answer (mirrored in the URL). */
  executed: QueryState
  /** The form's own validation of the last run (`judged`: the draft it judged). */
  clientErrors: { messages: FieldMessages; judged?: FormDraft }
  cancelled: boolean
  /** A live link that does not name its own server waits for Run query. */
  awaitingRun: boolean
  /** The token the executed query was sent with (typing in the token field re-runs nothing): always its own origin's. */
  runToken: string
  /** The APIs (token targets) the user ran a query on: history entries of any other wait for Run query. */
  ranOn: readonly TokenTarget[]
  timeout: { text: string; error?: string; runMs?: number }
  /** The size limit of a live answer (MB, as typed; advanced options) and the one the executed query runs with. */
  sizeLimit: { text: string; error?: string; runBytes?: number }
  /** Grows when a run asks for the executed query again: the hook refetches it. */
  rerun: number
  /** The address to write to the page's history, when a transition changed it (a new object each time). */
  link: { query: QueryState; replace: boolean } | undefined
  ignoredLinkParams: IgnoredParam[]
  /** The column summaries panel; `focus` is the field a column menu asked for (a new object each time). */
  summaries: { open: boolean; focus?: { field: string } }
  /** The `Group by` panel and its grouping (in the link while the panel is open). */
  groupBy: { open: boolean; grouping?: Grouping }
}

export type ExplorerAction =
  | { type: 'draft-edited'; draft: FormDraft }
  | {
      type: 'run'
      draft: FormDraft
      /** The token of the draft's own origin. */
      token: string
      /** Every field of the draft's resource, when the explorer knows them. */
      knownFields?: readonly string[]
      /** The draft carries its own view (a recent query, a pasted link): keep it even on another resource. */
      ownView?: boolean
    }
  | { type: 'sort-changed'; sort: SortKey[]; /** The executed query's own complete answer, if loaded. */ loaded: SearchData | undefined }
  | { type: 'view-changed'; view: QueryState }
  | { type: 'view-reset' }
  /** `token`: the one entered for the origin of the entry moved to. */
  | { type: 'history-navigated'; link: DecodedLink; token: string }
  | { type: 'cancelled' }
  | { type: 'timeout-edited'; text: string }
  | { type: 'size-limit-edited'; text: string }
  | { type: 'link-note-dismissed' }
  | { type: 'summaries-toggled' }
  | { type: 'summary-asked'; field: string }
  | { type: 'group-by-toggled' }
  | { type: 'grouping-changed'; grouping: Grouping | undefined }

/**
 * The state for a page opened on `link` with `token` (the one remembered for the link's origin);
 * `runsAtOnce` is false for a live link that must wait for Run query (it does not name its own server).
 */
export function linkOpened(opened: DecodedLink, token: string, runsAtOnce: boolean): ExplorerState {
  // Nothing is loaded yet, so the browser cannot know it holds every record: the server sorts.
  const link = { ...opened, query: withSort(opened.query, opened.query.sort, undefined) }
  const awaitingRun = link.query.source === 'live' && !runsAtOnce
  return {
    draft: queryToDraft(link.query),
    executed: link.query,
    clientErrors: { messages: {} },
    cancelled: false,
    awaitingRun,
    runToken: awaitingRun ? '' : token,
    ranOn: awaitingRun ? [] : [targetOf(link.query)],
    timeout: { text: DEFAULT_TIMEOUT_TEXT },
    sizeLimit: { text: DEFAULT_SIZE_LIMIT_TEXT },
    rerun: 0,
    // An opened link that carried ignored parts is rewritten to what is actually used.
    link: link.ignored.length > 0 ? { query: link.query, replace: true } : undefined,
    ignoredLinkParams: link.ignored,
    summaries: { open: false },
    groupBy: { open: link.grouping !== undefined, grouping: link.grouping },
  }
}

export function explorerReducer(state: ExplorerState, action: ExplorerAction): ExplorerState {
  switch (action.type) {
    case 'draft-edited':
      return { ...state, draft: action.draft }
    case 'run':
      return run(state, action)
    case 'sort-changed': {
      // A new order starts at its first record: page 51 of another order is not what was asked for.
      const next = { ...withSort(state.executed, action.sort, action.loaded), offset: 0 }
      return { ...showView(state, next), draft: { ...state.draft, sort: next.sort, sortOn: next.sortOn, offset: queryToDraft(next).offset } }
    }
    case 'view-changed': {
      const { executed } = state
      const next = action.view
      // A sort that ran in the browser was only right for the complete result this view replaces.
      const moved = next.offset !== executed.offset || next.limit !== executed.limit
      const view = next.sort.length > 0 && next.sortOn === 'browser' && moved ? withSort(next, next.sort, undefined) : next
      const { limit, offset, fields, sort, sortOn, widths, pinned } = queryToDraft(view)
      return { ...showView(state, view), draft: { ...state.draft, limit, offset, fields, sort, sortOn, widths, pinned } }
    }
    case 'view-reset': {
      const view: QueryState = { ...state.executed, fields: undefined, sort: [], sortOn: 'browser', offset: 0, widths: undefined, pinned: undefined }
      const { offset, fields, sort, sortOn, widths, pinned } = queryToDraft(view)
      return { ...showView(state, view), draft: { ...state.draft, offset, fields, sort, sortOn, widths, pinned } }
    }
    case 'history-navigated': {
      // Only an API the user ran on runs again, and only with its own origin's token; an entry of any
      // other server (e.g. a link's, left by Back) waits for Run query, like a link.
      const { query } = action.link
      const known = query.source === 'demo' || state.ranOn.includes(targetOf(query))
      return {
        ...state,
        draft: queryToDraft(query),
        executed: query,
        clientErrors: { messages: {} },
        cancelled: false,
        awaitingRun: !known,
        runToken: known ? action.token : '',
        link: undefined,
        ignoredLinkParams: action.link.ignored,
        groupBy: action.link.grouping ? { open: true, grouping: action.link.grouping } : { ...state.groupBy, open: false },
      }
    }
    case 'cancelled':
      return { ...state, cancelled: true }
    case 'timeout-edited':
      return { ...state, timeout: { ...state.timeout, text: action.text } }
    case 'size-limit-edited':
      return { ...state, sizeLimit: { ...state.sizeLimit, text: action.text } }
    case 'link-note-dismissed':
      return { ...state, ignoredLinkParams: [] }
    case 'summaries-toggled':
      return { ...state, summaries: { open: !state.summaries.open } }
    case 'summary-asked':
      return { ...state, summaries: { open: true, focus: { field: action.field } } }
    // the link shows the grouping while the panel is open: rewritten in place, no new history entry
    case 'group-by-toggled':
      return { ...state, groupBy: { ...state.groupBy, open: !state.groupBy.open }, link: { query: state.executed, replace: true } }
    case 'grouping-changed':
      return { ...state, groupBy: { open: true, grouping: action.grouping }, link: { query: state.executed, replace: true } }
    default:
      return unhandled(action)
  }
}

function unhandled(action: never): never {
  throw new Error(`Unknown explorer action: ${JSON.stringify(action)}`)
}

/** Another view (page, columns, sort) of the executed query, recorded as a new history entry. */
function showView(state: ExplorerState, view: QueryState): ExplorerState {
  return { ...state, executed: view, cancelled: false, link: { query: view, replace: false } }
}

function run(state: ExplorerState, action: Extract<ExplorerAction, { type: 'run' }>): ExplorerState {
  const { executed } = state
  const asked = normalizeQuery(draftToQuery(action.draft))
  const own = action.ownView || sameResource(asked, executed) ? asked : viewForResource(asked, action.knownFields)
  const sorted = sortPlaceForRun(own, executed)
  const query = keepSameViewParts({ ...sorted, offset: offsetForRun(sorted, executed) }, executed)
  const validation = validateQuery(query, { token: action.token })
  const timeout = parseTimeout(query.source === 'live' ? state.timeout.text : '')
  const timeoutError = timeout.ok ? undefined : timeout.message
  const sizeLimit = parseSizeLimit(query.source === 'live' ? state.sizeLimit.text : '')
  const sizeLimitError = sizeLimit.ok ? undefined : sizeLimit.message
  if (hasErrors(validation) || !timeout.ok || !sizeLimit.ok) {
    return {
      ...state,
      draft: action.draft,
      clientErrors: { messages: validation.errors, judged: action.draft },
      timeout: { ...state.timeout, error: timeoutError },
      sizeLimit: { ...state.sizeLimit, error: sizeLimitError },
    }
  }
  const unchanged = encodeQuery(query) === encodeQuery(executed) && action.token === state.runToken
  return {
    ...state,
    // The form's own draft when running changed nothing in it: the form is not drawn again.
    draft: same(queryToDraft(query), state.draft),
    executed: query,
    clientErrors: { messages: {} },
    cancelled: false,
    awaitingRun: false,
    runToken: action.token,
    ranOn: state.ranOn.includes(targetOf(query)) ? state.ranOn : [...state.ranOn, targetOf(query)],
    timeout: { text: state.timeout.text, runMs: timeout.timeoutMs },
    sizeLimit: { text: state.sizeLimit.text, runBytes: sizeLimit.bytes },
    rerun: unchanged ? state.rerun + 1 : state.rerun,
    link: { query, replace: false },
  }
}

/** `before` when `next` is the same value, else `next`. */
function same<T>(next: T, before: T): T {
  return JSON.stringify(next) === JSON.stringify(before) ? before : next
}

/**
 * The query with the executed query's own sort, columns, pins and widths wherever they are the same:
 * a run makes them anew from the form, and the grid (given them as props) was drawn again for the run
 * itself, before the request left, with the records it already showed.
 */
function keepSameViewParts(query: QueryState, executed: QueryState): QueryState {
  return { ...query, sort: same(query.sort, executed.sort), fields: same(query.fields, executed.fields), pinned: same(query.pinned, executed.pinned), widths: same(query.widths, executed.widths) }
}

function targetOf(query: QueryState): TokenTarget {
  return tokenTarget(query.source, query.baseUrl)
}

/** Which resource a query reads: the same id on another server (or in the demo) is another resource. */
function resourceOf(query: QueryState): string {
  return JSON.stringify([query.source, query.source === 'live' ? query.baseUrl.trim() : '', query.resourceId.trim()])
}

export function sameResource(a: QueryState, b: QueryState): boolean {
  return resourceOf(a) === resourceOf(b)
}

/**
 * The view (columns, order, widths, pins, sort, page) carried over from another resource, cut down to what this
 * resource has: its known fields only, or nothing when its fields are not known yet.
 */
export function viewForResource(query: QueryState, knownFields: readonly string[] | undefined): QueryState {
  const has = (field: string) => knownFields?.includes(field) ?? false
  const fields = query.fields?.filter(has)
  const sort = query.sort.filter((key) => has(key.field))
  const pinned = query.pinned?.filter(has)
  const widths = query.widths && Object.fromEntries(Object.entries(query.widths).filter(([field]) => has(field)))
  return {
    ...query,
    offset: 0,
    fields: fields && fields.length > 0 ? fields : undefined,
    sort,
    sortOn: sort.length > 0 ? query.sortOn : 'browser',
    pinned: pinned && pinned.length > 0 ? pinned : undefined,
    widths: widths && Object.keys(widths).length > 0 ? widths : undefined,
  }
}
