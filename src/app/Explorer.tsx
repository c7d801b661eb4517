import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { useRevealResults } from './use-reveal-results.ts'
import { preloadable } from './preloadable.ts'
import { whenIdle } from '../features/idle/when-idle.ts'
import { tidyChoice, toggleColumn } from '../features/columns/column-order.ts'
import { AddDataFile } from '../features/own-data/AddDataFile.tsx'
import { DropZone } from '../features/own-data/DropZone.tsx'
import { offsetForPageSize, pageView } from '../features/paging/paging.ts'
import { queryToDraft, type FormDraft } from '../features/query-form/draft.ts'
import { addFilterValue } from '../features/query-form/filter-ops.ts'
import { QueryForm, submitQueryForm } from '../features/query-form/QueryForm.tsx'
import { RequestPanel } from '../features/request-panel/RequestPanel.tsx'
import { Shortcuts } from '../features/shortcuts/Shortcuts.tsx'
import type { LayoutChange } from '../features/results-grid/ResultsGrid.tsx'
import { ErrorAlert } from '../features/status/ErrorAlert.tsx'
import { StatusBar } from '../features/status/StatusBar.tsx'
import type { DatastoreField } from '../api/parse-response.ts'
import { withLabels } from '../api/resource-metadata.ts'
import { QueryModeSwitch, type QueryMode } from '../features/sql-editor/QueryModeSwitch.tsx'
import { DEMO_RESOURCES } from '../demo/metadata.ts'
import { AppHeader } from './AppHeader.tsx'
import { LinkNote } from './LinkNote.tsx'
import { failureAlert } from './field-errors.ts'
import { describeRequest } from './request-view.ts'
import { useAllFields } from './use-all-fields.ts'
import { useDocumentTitle } from './use-document-title.ts'
import { useExplorer } from './use-explorer.ts'
import { localStore, useOwnData } from './use-own-data.ts'
import { fileNameOf } from '../features/own-data/file-names.ts'
import { useResourceMetadata } from './use-resource-metadata.ts'
import { localSortReady, useSortedRecords } from './use-sorted-records.ts'
import { useShownAnswer } from './use-shown-answer.ts'
import { useSqlMode } from './use-sql-mode.ts'
import { useStableCallback } from './use-stable-callback.ts'
import { useBrowse } from './use-browse.ts'
import { demoTransport, serverFormats, totalCosts, transports } from './transports.ts'
import type { QueryState } from '../query/types.ts'

// The grid (with TanStack Virtual) is its own chunk, fetched at once but off the critical path.
const gridModule = import('../features/results-grid/ResultsGrid.tsx')
// The browser-side sort is a chunk of its own, fetched at once too; the grid waits for it so that sorted records never show unsorted first.
// What shows only beside an answer (pager, resource heading, summaries and Group by toggles, server notes): fetched at once too.
const answerParts = import('./answer-parts.ts')
const ResultsGrid = lazy(() => Promise.all([gridModule, localSortReady, answerParts]).then(([module]) => ({ default: memo(module.ResultsGrid) })))
const Pager = lazy(() => answerParts.then((module) => ({ default: memo(module.Pager) })))
const ResourceHeading = lazy(() => answerParts.then((module) => ({ default: memo(module.ResourceHeading) })))
const ServerNotes = lazy(() => answerParts.then((module) => ({ default: module.ServerNotes })))
const SummariesToggle = lazy(() => answerParts.then((module) => ({ default: memo(module.SummariesToggle) })))
const GroupByToggle = lazy(() => answerParts.then((module) => ({ default: memo(module.GroupByToggle) })))
// The column chooser is needed only once there are columns: its own small chunk.
const ColumnChooser = lazy(() => import('../features/columns/ColumnChooser.tsx').then((module) => ({ default: memo(module.ColumnChooser) })))
// Export is needed only once there is a result: its code loads then.
// Column summaries and Group by load their code once an answer is shown and the page is idle (or
// when first opened, if sooner), so that opening them starts their requests at once; Group by's
// chart library loads after that, with the first chart.
const summariesPanel = preloadable(() => import('../features/summaries/SummariesPanel.tsx').then((module) => module.SummariesPanel))
const groupByPanel = preloadable(() => import('../features/group-by/GroupByPanel.tsx').then((module) => module.GroupByPanel))
const SummariesPanel = summariesPanel.Component
const GroupByPanel = groupByPanel.Component
const preloadAnswerPanels = () => {
  void summariesPanel.preload()
  void groupByPanel.preload()
}
// The probe is offered in live mode only: its code loads then.
const ProbePanel = lazy(() => import('../features/probe/ProbePanel.tsx').then((module) => ({ default: memo(module.ProbePanel) })))
// The SQL mode's panel (and, inside it, the editor) load when SQL is chosen.
const loadSqlPanel = () => import('../features/sql-editor/SqlPanel.tsx')
const SqlPanel = lazy(() => loadSqlPanel().then((module) => ({ default: module.SqlPanel })))
// Browse datasets loads its code when first opened.
const BrowseDialog = lazy(() => import('../features/browse/BrowseDialog.tsx').then((module) => ({ default: module.BrowseDialog })))
// Recent queries are a side list: the first answer does not wait for its code.
const RecentQueries = lazy(() => import('../features/recent-queries/RecentQueries.tsx').then((module) => ({ default: memo(module.RecentQueries) })))
const ExportControl = lazy(() => import('../features/export/ExportControl.tsx').then((module) => ({ default: memo(module.ExportControl) })))

// Panels that a run or a keystroke does not change are not drawn again: each is given props that
// keep their identity (stable callbacks, memoised objects) until what it shows changes.
const FormPanel = memo(QueryForm)
const RequestSection = memo(RequestPanel)
const Header = memo(AppHeader)
const ModeSwitch = memo(QueryModeSwitch)
const FileField = memo(AddDataFile)
const Status = memo(StatusBar)
const Alert = memo(ErrorAlert)
const Note = memo(LinkNote)

/** The alert's `Add a data file`: the form's file field (demo mode) takes focus and opens its picker. */
function chooseDataFile() {
  const input = document.querySelector<HTMLInputElement>('.own-data input[type="file"]')
  input?.focus()
  input?.click()
}

/** Why the records shown are not from the source the header names (the form's), or nothing when they are. */
function previousSourceNote(draft: FormDraft, executed: QueryState): string | undefined {
  const from = executed.source === 'demo' ? 'the demo engine' : (hostOf(executed.baseUrl) ?? executed.baseUrl.trim())
  const to = draft.source === 'demo' ? 'the demo engine' : (hostOf(draft.baseUrl) ?? 'the API you name')
  const same = draft.source === executed.source && (draft.source === 'demo' || draft.baseUrl.trim().replace(/\/+$/, '') === executed.baseUrl.trim().replace(/\/+$/, ''))
  return same ? undefined : `These records are from the previous source (${from}), not from ${to}: run the query to ask it.`
}

function hostOf(baseUrl: string): string | undefined {
  try {
    return new URL(baseUrl).host
  } catch {
    return undefined
  }
}

const NO_FIELDS: DatastoreField[] = []

/** The page: header, form and request on one side, status, errors and the grid on the other. */
export function Explorer() {
  const explorer = useExplorer()
  const { draft, executed, search, token } = explorer
  const [revealToken, setRevealToken] = useState(false)
  const ownData = useOwnData()
  const demoResources = useMemo(() => [...DEMO_RESOURCES, ...ownData.added], [ownData.added])
  useDocumentTitle(executed, demoResources)
  // A new file is queried at once; filters and search text of another resource would not apply.
  const queryAddedFile = useStableCallback((resourceId: string) => explorer.run({ ...draft, resourceId, q: '', filters: [], sort: [] }))
  const allFields = useAllFields(executed, search.data, search.isPrevious, explorer.runToken, explorer.awaitingRun)
  const chooseColumns = useStableCallback((fields: string[] | undefined) => explorer.changeView({ ...executed, fields }))
  const hideColumn = useStableCallback((field: string) => chooseColumns(toggleColumn(allFields, executed.fields, field)))
  // Widths, pins and order made in the grid are the view's: kept in the link, cleared by Reset view.
  const changeLayout = useStableCallback((change: LayoutChange) =>
    explorer.changeView({
      ...executed,
      ...(change.widths ? { widths: change.widths } : {}),
      ...(change.pinned ? { pinned: change.pinned } : {}),
      ...(change.order ? { fields: tidyChoice(allFields.length > 0 ? allFields : change.order, change.order) } : {}),
    }),
  )
  const viewChanged = executed.fields !== undefined || executed.widths !== undefined || executed.pinned !== undefined || executed.sort.length > 0
  const filterByValue = useStableCallback((field: string, value: string) => {
    const added = addFilterValue(draft.filters, field, value)
    explorer.run({ ...draft, filters: added.ok ? added.filters : draft.filters })
  })
  const data = search.data
  const hasAnswer = data !== undefined
  useEffect(() => {
    if (hasAnswer) whenIdle(preloadAnswerPanels)
  }, [hasAnswer])
  const metadata = useResourceMetadata(executed, search, explorer.runToken)
  // An SQL answer's columns are the statement's, whatever their names: no labels of the resource's fields.
  const sqlAnswer = executed.sql !== undefined
  // Only new fields or labels lay the grid out again (not a total that came after its page).
  const answerFields = data?.fields
  const gridFields = useMemo(() => (sqlAnswer ? (answerFields ?? NO_FIELDS) : withLabels(answerFields ?? NO_FIELDS, metadata.labels)), [answerFields, metadata.labels, sqlAnswer])
  const demoTitle = demoResources.find((resource) => executed.source === 'demo' && resource.id === executed.resourceId)?.title
  const records = useSortedRecords(data, executed)
  // The status, the grid and the pager say one answer, drawn together (use-shown-answer.ts).
  const { shown, drawing } = useShownAnswer({
    status: explorer.status,
    data,
    fields: gridFields,
    records,
    query: executed,
    counting: search.counting,
    pending: search.isPrevious && search.isFetching,
  })
  const shownData = shown.data
  const shownPages = shownData
    ? pageView({ offset: shown.query.offset, limit: shown.query.limit, shown: shownData.records.length, total: shownData.total, totalEstimated: shownData.totalWasEstimated })
    : undefined
  // The record panel pages on from the page it shows.
  const stepPage = useStableCallback((step: -1 | 1) => {
    if (shownPages) explorer.changeView({ ...executed, offset: step > 0 ? shownPages.nextOffset : shownPages.previousOffset })
  })
  // One list while the answer's fields stay the same (a new answer of the same fields does not redraw the form).
  const fieldNamesText = useMemo(() => JSON.stringify((data?.fields ?? []).map((field) => field.id).filter((id) => id !== '_id')), [data])
  const fieldNames = useMemo(() => JSON.parse(fieldNamesText) as string[], [fieldNamesText])
  const { failure } = search
  const alert = useMemo(() => (failure ? failureAlert(failure, executed.source) : undefined), [failure, executed.source])
  const alertAction = useMemo(
    () =>
      alert?.resetsView ? { label: 'Reset view', onAction: explorer.resetView } : failure?.resourceMissing && executed.source === 'demo' ? { label: 'Add a data file', onAction: chooseDataFile } : undefined,
    [alert, failure, executed.source, explorer.resetView],
  )
  const listsAccepted = useSyncExternalStore(serverFormats.subscribe, () => serverFormats.listsAccepted(draft.baseUrl, { q: draft.q.trim() !== '' }))
  const withoutTotal = useSyncExternalStore(totalCosts.subscribe, () => draft.source === 'live' && totalCosts.apart(draft.baseUrl, draft.resourceId))
  const href = window.location.href
  const requestView = useMemo(
    () => describeRequest(draft, executed, token.token, revealToken, href, listsAccepted, withoutTotal),
    [draft, executed, token.token, revealToken, href, listsAccepted, withoutTotal],
  )
  const { summaries } = explorer
  const showSummary = useStableCallback(summaries.showField)
  const sql = useSqlMode(draft, explorer.setDraft, explorer.run, token.token, explorer.errors.sql)
  // An SQL answer is whole (no pages, no columns to choose, no resource to summarise).
  const searchView = !sqlAnswer
  const { groupBy } = explorer
  // What follow-up requests for the executed query (export, summaries, groups) are sent with.
  const runDeps = useMemo(
    () => ({ transports, token: explorer.runToken, timeoutMs: explorer.runTimeoutMs, maxBytes: explorer.runMaxBytes }),
    [explorer.runToken, explorer.runTimeoutMs, explorer.runMaxBytes],
  )
  const groupDeps = useMemo(() => ({ ...runDeps, group: demoTransport.group, groupRecords: demoTransport.groupRecords }), [runDeps])
  const browse = useBrowse(draft, explorer.run)
  const summaryDeps = useMemo(() => ({ ...runDeps, summarize: demoTransport.summarize, summarizeRecords: demoTransport.summarizeRecords }), [runDeps])

  const previousSource = previousSourceNote(draft, executed)
  const { resultsRef, armReveal } = useRevealResults(search.isFetching, Object.values(explorer.errors).some((message) => message !== undefined))
  const runForm = useStableCallback((next: FormDraft, options?: { ownView?: boolean }) => {
    armReveal()
    explorer.run(next, options)
  })
  const tokenControls = useMemo(
    () => ({ token: token.token, onTokenChange: token.setToken, remember: token.remember, onRememberChange: token.setRemember, keptNote: token.keptNote }),
    [token],
  )
  const sqlPanel = sql.panel
  const editor = useMemo(
    () =>
      sqlPanel ? (
        <Suspense fallback={<p className="field-hint">Loading the SQL editor…</p>}>
          <SqlPanel {...sqlPanel} />
        </Suspense>
      ) : undefined,
    [sqlPanel],
  )
  const resourceTools = useMemo(
    () => (
      <button type="button" className="button-secondary browse-trigger" onClick={browse.openHere}>
        Browse datasets
      </button>
    ),
    [browse.openHere],
  )
  const intendMode = useStableCallback((mode: QueryMode) => {
    if (mode !== 'sql' || sql.mode === 'sql') return
    loadSqlPanel().catch(() => undefined)
    sql.prepare()
  })
  const runRecent = useStableCallback((query: QueryState) => explorer.run(queryToDraft(query), { ownView: true }))
  const resourceTitle = useCallback((id: string) => demoResources.find((resource) => resource.id === id)?.title ?? fileNameOf(localStore(), id), [demoResources])
  const addFile = useStableCallback((file: File) => ownData.addFile(file, queryAddedFile))
  const changeOffset = useStableCallback((offset: number) => explorer.changeView({ ...executed, offset }))
  const changePageSize = useStableCallback((limit: number) => explorer.changeView({ ...executed, limit, offset: offsetForPageSize(executed.offset, limit) }))

  return (
    <>
      <Header source={draft.source} liveHost={hostOf(draft.baseUrl)} />
      <Shortcuts onRun={submitQueryForm} />
      <main className="app-main">
        <div className="area-form">
          <ModeSwitch mode={sql.mode} onChange={sql.switchMode} onIntent={intendMode} />
          <FormPanel
            draft={draft}
            onDraftChange={explorer.setDraft}
            onRun={runForm}
            errors={explorer.errors}
            warnings={explorer.warnings}
            demoResources={demoResources}
            fieldSuggestions={fieldNames}
            tokenControls={tokenControls}
            timeoutControls={explorer.timeout}
            editor={editor}
            resourceTools={resourceTools}
            onBrowseAddress={browse.openAddress}
            sizeLimitControls={explorer.sizeLimit}
          />
          {browse.target ? (
            <Suspense fallback={null}>
              <BrowseDialog target={browse.target} deps={browse.deps} onOpenResource={browse.openResource} onClose={browse.close} />
            </Suspense>
          ) : null}
          <Suspense fallback={null}>
            <RecentQueries executed={executed} onRun={runRecent} resourceTitle={resourceTitle} />
          </Suspense>
          {draft.source === 'live' ? (
            <Suspense fallback={null}>
              <ProbePanel baseUrl={draft.baseUrl} resourceId={draft.resourceId} token={token.token} transport={transports.live} onListsVerdict={serverFormats.settle} />
            </Suspense>
          ) : null}
          {draft.source === 'demo' ? <FileField state={ownData.state} onFile={addFile} /> : null}
          {draft.source === 'live' ? <DropZone refusal="Your own files go into the demo engine: switch the source to Demo, then drop the file." /> : null}
        </div>
        <div className="area-results" ref={resultsRef}>
          <Note ignored={explorer.ignoredLinkParams} onDismiss={explorer.dismissLinkNote} />
          <Status summary={shown.status} onCancel={search.isFetching ? explorer.cancel : undefined} />
          <Alert error={alert ?? null} action={alertAction} />
          {data?.notes ? (
            <Suspense fallback={null}>
              <ServerNotes notes={data.notes} />
            </Suspense>
          ) : null}
          {data && searchView ? (
            <Suspense fallback={null}>
              <ExportControl query={executed} deps={runDeps} resourceName={demoTitle ?? executed.resourceId} />
            </Suspense>
          ) : null}
          <section className={`panel results-panel${previousSource && data ? ' results-previous' : ''}`} aria-label="Records" aria-busy={drawing}>
            {previousSource && data ? <p className="previous-source-note">{previousSource}</p> : null}
            {data && searchView ? (
              <div className="grid-toolbar">
                <Suspense fallback={null}>
                  <ResourceHeading resourceId={executed.resourceId.trim()} name={metadata.summary?.name ?? demoTitle} description={metadata.summary?.description} />
                  <Suspense fallback={null}>
                    <ColumnChooser allFields={allFields} chosen={executed.fields} onChange={chooseColumns} labels={metadata.labels} />
                  </Suspense>
                  <SummariesToggle open={summaries.open} onToggle={summaries.toggle} />
                  <GroupByToggle open={groupBy.open} onToggle={groupBy.toggle} />
                </Suspense>
                {viewChanged ? (
                  <button type="button" className="button-secondary" onClick={explorer.resetView} title="All columns in table order, guessed widths, nothing pinned, unsorted, first page">
                    Reset view
                  </button>
                ) : null}
              </div>
            ) : null}
            {data && searchView && summaries.open ? (
              <Suspense fallback={<p className="grid-empty">Loading the summaries…</p>}>
                <SummariesPanel
                  query={executed}
                  answer={search.isPrevious ? undefined : data}
                  stopped={explorer.status.phase === 'error' || explorer.status.phase === 'cancelled'}
                  deps={summaryDeps}
                  onFilter={filterByValue}
                  focus={summaries.focus}
                />
              </Suspense>
            ) : null}
            {data && searchView && groupBy.open ? (
              <Suspense fallback={<p className="grid-empty">Loading Group by…</p>}>
                <GroupByPanel
                  query={executed}
                  answer={search.isPrevious ? undefined : data}
                  grouping={groupBy.grouping}
                  onChange={groupBy.change}
                  deps={groupDeps}
                  onFilter={filterByValue}
                />
              </Suspense>
            ) : null}
            {shownData ? (
              <Suspense fallback={<p className="grid-empty">Loading the grid…</p>}>
                <ResultsGrid
                  fields={shown.fields}
                  records={shown.records}
                  sort={shown.query.sort}
                  onSortChange={explorer.changeSort}
                  widths={executed.widths}
                  pinned={executed.pinned}
                  onLayoutChange={changeLayout}
                  onHideColumn={hideColumn}
                  onFilterByValue={filterByValue}
                  onShowSummary={showSummary}
                  hasPreviousPage={shownPages?.hasPrevious ?? false}
                  hasNextPage={shownPages?.hasNext ?? false}
                  onPageStep={stepPage}
                />
              </Suspense>
            ) : (
              <p className="grid-empty">{search.isFetching || drawing ? 'Loading the first records…' : search.failure ? 'No records to show.' : 'No results yet.'}</p>
            )}
            {shownData && searchView ? (
              <Suspense fallback={null}>
                <Pager
                  offset={shown.query.offset}
                  limit={shown.query.limit}
                  shown={shownData.records.length}
                  total={shownData.total}
                  totalEstimated={shownData.totalWasEstimated}
                  counting={shown.counting}
                  demo={shown.query.source === 'demo'}
                  onOffsetChange={changeOffset}
                  onNextIntent={explorer.prefetchNextPage}
                  pending={shown.pending}
                  onPageSizeChange={changePageSize}
                />
              </Suspense>
            ) : null}
          </section>
        </div>
        <div className="area-request">
          <RequestSection
            request={requestView.request}
            unavailable={requestView.unavailable}
            hasToken={token.token !== ''}
            revealToken={revealToken}
            onRevealTokenChange={setRevealToken}
            shareLink={requestView.link}
            snippets={requestView.snippets}
            note={requestView.note}
          />
        </div>
      </main>
    </>
  )
}
