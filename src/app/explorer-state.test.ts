import { describe, expect, it } from 'vitest'
import { queryToDraft } from '../features/query-form/draft.ts'
import { defaultQuery } from '../query/defaults.ts'
import type { QueryState } from '../query/types.ts'
import type { DecodedLink } from '../query/url-codec.ts'
import { explorerReducer, linkOpened, viewForResource, type ExplorerState } from './explorer-state.ts'
import type { SearchData } from './search-types.ts'

const LIVE: QueryState = { ...defaultQuery(), source: 'live', baseUrl: 'http://127.0.0.1:8800/data', resourceId: 'courses', limit: 5 }
const link = (query: QueryState, ignored: DecodedLink['ignored'] = []): DecodedLink => ({ query, ignored })
const opened = (query: QueryState = LIVE, token = ''): ExplorerState => linkOpened(link(query), token, true)
const records = (count: number): SearchData => ({
  fields: [{ id: 'subject', type: 'text' }],
  records: Array.from({ length: count }, (_, index) => ({ subject: `s${index}` })),
  total: count,
  totalWasEstimated: false,
})

describe('link opened', () => {
  it('shows the link in the form and runs it, with the token the page opened with', () => {
    const state = opened(LIVE, 'secret')
    expect(state.executed).toEqual(LIVE)
    expect(state.draft).toEqual(queryToDraft(LIVE))
    expect(state.awaitingRun).toBe(false)
    expect(state.runToken).toBe('secret')
    expect(state.link).toBeUndefined()
  })

  it('has the server sort a link\'s sort: nothing is loaded yet to tell that every record will be', () => {
    const sorted = { ...LIVE, sort: [{ field: 'fee', direction: 'desc' as const }], sortOn: 'browser' as const }
    expect(opened(sorted).executed).toMatchObject({ sort: sorted.sort, sortOn: 'server' })
    expect(opened(LIVE).executed.sortOn).toBe('browser')
  })

  it('waits for Run query when a live link does not name its own server', () => {
    expect(linkOpened(link(LIVE), '', false).awaitingRun).toBe(true)
    expect(linkOpened(link(defaultQuery()), '', false).awaitingRun).toBe(false)
  })

  it('rewrites the address when parts of the link were ignored, and lists them', () => {
    const ignored = [{ param: 'token', reason: 'never read from links' }]
    const state = linkOpened(link(LIVE, ignored), '', true)
    expect(state.link).toEqual({ query: LIVE, replace: true })
    expect(state.ignoredLinkParams).toEqual(ignored)
    expect(explorerReducer(state, { type: 'link-note-dismissed' }).ignoredLinkParams).toEqual([])
  })
})

describe('run', () => {
  it('executes the draft, records it in the history and clears the last errors', () => {
    const state = { ...opened(), clientErrors: { messages: { limit: 'bad' } }, cancelled: true, awaitingRun: true }
    const next = explorerReducer(state, { type: 'run', draft: { ...state.draft, q: 'art' }, token: '' })
    expect(next.executed.q).toBe('art')
    expect(next.link).toEqual({ query: next.executed, replace: false })
    expect(next.clientErrors.messages).toEqual({})
    expect(next.cancelled).toBe(false)
    expect(next.awaitingRun).toBe(false)
    expect(next.timeout.runMs).toBe(30_000)
  })

  it('keeps an invalid draft in the form with its messages, and executes nothing', () => {
    const state = opened()
    const draft = { ...state.draft, limit: 'abc' }
    const next = explorerReducer(state, { type: 'run', draft, token: '' })
    expect(next.executed).toBe(state.executed)
    expect(next.draft).toBe(draft)
    expect(next.clientErrors.messages.limit).toBeDefined()
    expect(next.clientErrors.judged).toBe(draft)
    expect(next.link).toBeUndefined()
  })

  it('runs with the timeout the user typed, and refuses one it cannot read', () => {
    const typed = explorerReducer(opened(), { type: 'timeout-edited', text: '2.5' })
    expect(explorerReducer(typed, { type: 'run', draft: typed.draft, token: '' }).timeout.runMs).toBe(2500)
    const wrong = explorerReducer(opened(), { type: 'timeout-edited', text: 'soon' })
    const refused = explorerReducer(wrong, { type: 'run', draft: { ...wrong.draft, q: 'x' }, token: '' })
    expect(refused.timeout.error).toMatch(/number of seconds/)
    expect(refused.executed.q).toBe('')
  })

  it('asks for a refetch when the same query runs again with the same token', () => {
    const state = opened(LIVE, 't')
    expect(explorerReducer(state, { type: 'run', draft: state.draft, token: 't' }).rerun).toBe(1)
    expect(explorerReducer(state, { type: 'run', draft: state.draft, token: 'other' })).toMatchObject({ rerun: 0, runToken: 'other' })
  })

  it('keeps the executed view’s own sort, columns, pins and widths when the run has the same ones (the grid is given the same props)', () => {
    const view = { ...LIVE, sort: [{ field: 'fee', direction: 'desc' as const }], fields: ['fee', 'subject'], pinned: ['fee'], widths: { fee: 90 } }
    const state = opened(view)
    const next = explorerReducer(state, { type: 'run', draft: { ...state.draft, q: 'art' }, token: '' }).executed
    expect(next.q).toBe('art')
    for (const part of ['sort', 'fields', 'pinned', 'widths'] as const) expect(next[part]).toBe(state.executed[part])
    const resorted = explorerReducer(state, { type: 'run', draft: { ...state.draft, sort: [{ field: 'subject', direction: 'asc' }] }, token: '' }).executed
    expect(resorted.sort).toEqual([{ field: 'subject', direction: 'asc' }])
    expect(resorted.fields).toBe(state.executed.fields)
  })

  it('goes back to the first page when other records are asked for', () => {
    const state = { ...opened({ ...LIVE, offset: 10 }) }
    expect(explorerReducer(state, { type: 'run', draft: state.draft, token: '' }).executed.offset).toBe(10)
    expect(explorerReducer(state, { type: 'run', draft: { ...state.draft, q: 'art' }, token: '' }).executed.offset).toBe(0)
  })
})

describe('change of resource', () => {
  const viewed: QueryState = { ...LIVE, fields: ['subject', 'stage'], sort: [{ field: 'stage', direction: 'desc' }], sortOn: 'server', offset: 20 }

  it('drops the old view when the new resource’s fields are not known', () => {
    const state = opened(viewed)
    const next = explorerReducer(state, { type: 'run', draft: { ...state.draft, source: 'demo', resourceId: 'own-file' }, token: '' })
    expect(next.executed).toMatchObject({ resourceId: 'own-file', fields: undefined, sort: [], offset: 0 })
    expect(next.draft.fields).toBeUndefined()
  })

  it('keeps the columns and sort the new resource has', () => {
    const state = opened(viewed)
    const next = explorerReducer(state, { type: 'run', draft: { ...state.draft, resourceId: 'other' }, token: '', knownFields: ['_id', 'stage'] })
    expect(next.executed).toMatchObject({ resourceId: 'other', fields: ['stage'], sort: [{ field: 'stage', direction: 'desc' }], offset: 0 })
  })

  it('keeps a view the draft brings for its own resource (a recent query)', () => {
    const state = opened()
    const recent = { ...viewed, resourceId: 'other', offset: 0 }
    const next = explorerReducer(state, { type: 'run', draft: queryToDraft(recent), token: '', ownView: true })
    expect(next.executed.fields).toEqual(['subject', 'stage'])
    expect(next.executed.sort).toEqual(viewed.sort)
  })

  it('is a change of resource when only the server differs, and not when only spacing does', () => {
    const state = opened(viewed)
    const elsewhere = explorerReducer(state, { type: 'run', draft: { ...state.draft, baseUrl: 'https://other.example/data' }, token: '' })
    expect(elsewhere.executed.fields).toBeUndefined()
    const spaced = explorerReducer(state, { type: 'run', draft: { ...state.draft, resourceId: ' courses ' }, token: '' })
    expect(spaced.executed.fields).toEqual(viewed.fields)
  })

  it('cuts a view down without touching the records asked for', () => {
    const cut = viewForResource({ ...viewed, q: 'art' }, ['subject'])
    expect(cut).toMatchObject({ q: 'art', fields: ['subject'], sort: [], sortOn: 'browser', offset: 0 })
  })
})

describe('sort, view and reset', () => {
  it('sorts in the browser when the loaded answer is complete, on the server otherwise', () => {
    const state = opened()
    const sort = [{ field: 'subject', direction: 'asc' as const }]
    const local = explorerReducer(state, { type: 'sort-changed', sort, loaded: records(3) })
    expect(local.executed).toMatchObject({ sort, sortOn: 'browser' })
    expect(local.draft.sort).toEqual(sort)
    expect(local.link).toEqual({ query: local.executed, replace: false })
    expect(explorerReducer(state, { type: 'sort-changed', sort, loaded: undefined }).executed.sortOn).toBe('server')
  })

  it('starts a new sort at the first record, wherever the page was', () => {
    const paged = opened({ ...LIVE, offset: 5000, limit: 1000 })
    const next = explorerReducer(paged, { type: 'sort-changed', sort: [{ field: 'subject', direction: 'asc' }], loaded: { ...records(1000), total: 20000 } })
    expect(next.executed).toMatchObject({ offset: 0, sortOn: 'server' })
    expect(next.draft.offset).toBe(queryToDraft(next.executed).offset)
  })

  it('shows another page without the form’s unsaved edits', () => {
    const state = { ...opened(), draft: { ...opened().draft, q: 'typed, not run' } }
    const next = explorerReducer(state, { type: 'view-changed', view: { ...state.executed, offset: 5 } })
    expect(next.executed.offset).toBe(5)
    expect(next.draft).toMatchObject({ offset: 5, q: 'typed, not run' })
  })

  it('moves a browser sort to the server when the page changes', () => {
    const state = opened({ ...LIVE, sort: [{ field: 'subject', direction: 'asc' }], sortOn: 'browser' })
    const next = explorerReducer(state, { type: 'view-changed', view: { ...state.executed, offset: 5 } })
    expect(next.executed.sortOn).toBe('server')
  })

  it('resets the view to all columns, unsorted, first page', () => {
    const state = opened({ ...LIVE, fields: ['gone'], sort: [{ field: 'gone', direction: 'asc' }], sortOn: 'server', offset: 10 })
    const next = explorerReducer(state, { type: 'view-reset' })
    expect(next.executed).toMatchObject({ fields: undefined, sort: [], sortOn: 'browser', offset: 0, resourceId: 'courses' })
    expect(next.draft).toMatchObject({ fields: undefined, sort: [], offset: 0 })
  })

  it('resets the column widths and pins with the rest of the view', () => {
    const state = opened({ ...LIVE, widths: { subject: 200 }, pinned: ['subject'] })
    const next = explorerReducer(state, { type: 'view-reset' })
    expect(next.executed.widths).toBeUndefined()
    expect(next.executed.pinned).toBeUndefined()
    expect(next.draft.widths).toBeUndefined()
  })

  it('keeps a resized width in the form, so running the query again keeps it', () => {
    const state = opened(LIVE)
    const next = explorerReducer(state, { type: 'view-changed', view: { ...state.executed, widths: { subject: 180 }, pinned: ['stage'] } })
    expect(next.draft).toMatchObject({ widths: { subject: 180 }, pinned: ['stage'] })
    expect(next.link?.query).toMatchObject({ widths: { subject: 180 }, pinned: ['stage'] })
  })
})

describe('history, cancel and edits', () => {
  it('shows the history entry the user moved to, in the form and the results, without writing history', () => {
    const state = { ...explorerReducer(opened(), { type: 'cancelled' }), clientErrors: { messages: { q: 'x' } } }
    const back = { ...LIVE, q: 'earlier' }
    const next = explorerReducer(state, { type: 'history-navigated', link: link(back), token: '' })
    expect(next).toMatchObject({ executed: back, draft: queryToDraft(back), cancelled: false, link: undefined, clientErrors: { messages: {} } })
  })

  it('marks a cancelled search until the next run or view', () => {
    const cancelled = explorerReducer(opened(), { type: 'cancelled' })
    expect(cancelled.cancelled).toBe(true)
    expect(explorerReducer(cancelled, { type: 'view-changed', view: cancelled.executed }).cancelled).toBe(false)
  })

  it('keeps form edits in the draft only', () => {
    const state = opened()
    const next = explorerReducer(state, { type: 'draft-edited', draft: { ...state.draft, q: 'typing' } })
    expect(next.draft.q).toBe('typing')
    expect(next.executed).toBe(state.executed)
  })
})

const runOn = (state: ExplorerState, query: QueryState, token: string) => explorerReducer(state, { type: 'run', draft: queryToDraft(query), token })

describe('a token belongs to an origin', () => {
  const OTHER: QueryState = { ...LIVE, baseUrl: 'https://data.example.org/ckan', resourceId: 'theirs' }

  it('Back to a server the user never ran on (a link opened before) restores the form and waits for Run query, with no token', () => {
    const fromLink = linkOpened(link(OTHER), '', false)
    expect(fromLink).toMatchObject({ awaitingRun: true, runToken: '', ranOn: [] })
    const mine = runOn(fromLink, LIVE, 'mine')
    expect(mine).toMatchObject({ awaitingRun: false, runToken: 'mine' })
    const back = explorerReducer(mine, { type: 'history-navigated', link: link(OTHER), token: '' })
    expect(back).toMatchObject({ executed: OTHER, draft: queryToDraft(OTHER), awaitingRun: true, runToken: '' })
  })

  it('Back to a server the user ran on runs again, with that origin\'s own token only', () => {
    const theirs = runOn(opened(LIVE, 'mine'), OTHER, '')
    const back = explorerReducer(theirs, { type: 'history-navigated', link: link({ ...LIVE, q: 'earlier' }), token: 'mine' })
    expect(back).toMatchObject({ awaitingRun: false, runToken: 'mine' })
    const forward = explorerReducer(back, { type: 'history-navigated', link: link(OTHER), token: '' })
    expect(forward).toMatchObject({ awaitingRun: false, runToken: '' })
  })

  it('a path on the same origin is the same server; another port is another', () => {
    const ran = opened(LIVE, 'mine')
    const samePlace = explorerReducer(ran, { type: 'history-navigated', link: link({ ...LIVE, baseUrl: 'http://127.0.0.1:8800/other' }), token: 'mine' })
    expect(samePlace.awaitingRun).toBe(false)
    const otherPort = explorerReducer(ran, { type: 'history-navigated', link: link({ ...LIVE, baseUrl: 'http://127.0.0.1:8801/data' }), token: '' })
    expect(otherPort).toMatchObject({ awaitingRun: true, runToken: '' })
  })

  it('the demo never waits on Back', () => {
    const ran = opened(LIVE, 'mine')
    expect(explorerReducer(ran, { type: 'history-navigated', link: link(defaultQuery()), token: '' }).awaitingRun).toBe(false)
  })

  it('a run records the API it ran on, once', () => {
    const state = runOn(runOn(opened(LIVE, 'mine'), OTHER, ''), OTHER, '')
    expect(state.ranOn).toEqual(['http://127.0.0.1:8800', 'https://data.example.org'])
  })

  it('an opened link that runs at once counts as run on; one that waits does not', () => {
    expect(opened(LIVE, 'kept').ranOn).toEqual(['http://127.0.0.1:8800'])
    expect(linkOpened(link(LIVE), 'kept', false)).toMatchObject({ ranOn: [], runToken: '' })
  })
})

describe('the size limit (advanced options)', () => {
  it('is 200 MB until edited; a run takes the typed limit for the live API', () => {
    const state = opened()
    expect(state.sizeLimit).toEqual({ text: '200' })
    const edited = explorerReducer(state, { type: 'size-limit-edited', text: '1.5' })
    expect(edited.sizeLimit.runBytes).toBeUndefined()
    const ran = explorerReducer(edited, { type: 'run', draft: edited.draft, token: '' })
    expect(ran.sizeLimit).toEqual({ text: '1.5', runBytes: 1_500_000 })
  })

  it('a bad limit stops the run and says why beside the field; the demo ignores it', () => {
    const edited = explorerReducer(opened(), { type: 'size-limit-edited', text: 'lots' })
    const refused = explorerReducer(edited, { type: 'run', draft: { ...edited.draft, q: 'new' }, token: '' })
    expect(refused.executed).toBe(edited.executed)
    expect(refused.sizeLimit.error).toMatch(/number of megabytes/)
    const demo = explorerReducer(edited, { type: 'run', draft: queryToDraft(defaultQuery()), token: '' })
    expect(demo.executed.source).toBe('demo')
    expect(demo.sizeLimit.error).toBeUndefined()
  })
})

describe('column summaries', () => {
  it('toggles the panel, and a column\'s Summary opens it on that field (again and again)', () => {
    const state = opened()
    expect(state.summaries.open).toBe(false)
    const toggled = explorerReducer(state, { type: 'summaries-toggled' })
    expect(toggled.summaries).toEqual({ open: true })
    expect(explorerReducer(toggled, { type: 'summaries-toggled' }).summaries.open).toBe(false)
    const asked = explorerReducer(state, { type: 'summary-asked', field: 'subject' })
    expect(asked.summaries).toEqual({ open: true, focus: { field: 'subject' } })
    const again = explorerReducer(asked, { type: 'summary-asked', field: 'subject' })
    expect(again.summaries.focus).not.toBe(asked.summaries.focus)
  })
})
