import { useEffect, useRef } from 'react'
import type { SummaryDeps } from '../../api/summaries/summary-options.ts'
import { suggestedFirst, summaryFields } from '../../api/summaries/summary-plan.ts'
import type { QueryState } from '../../query/types.ts'
import { FieldSummaryView } from './FieldSummaryView.tsx'
import { SUMMARIES_PANEL_ID } from './SummariesToggle.tsx'
import { useColumnSummaries, type SummarySource } from './use-column-summaries.ts'
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './summaries.css'

export interface SummariesPanelProps {
  /** The executed query. */
  query: QueryState
  /** Its own answer; undefined while it loads (the previous query's answer is never summarised). */
  answer: SummarySource | undefined
  /** The query failed or was cancelled: there is nothing of its own to summarise. */
  stopped?: boolean
  deps: SummaryDeps
  onFilter: (field: string, value: string) => void
  /** Scrolls to and focuses this field's summary. */
  focus?: { field: string }
}

/** The `Column summaries` region: one `Summary of <field>` region per field, suggested facets first. */
export function SummariesPanel({ query, answer, stopped = false, deps, onFilter, focus }: SummariesPanelProps) {
  const summaries = useColumnSummaries(query, answer, deps)
  const unanswered = stopped && answer === undefined
  const listRef = useRef<HTMLDivElement>(null)
  const ready = summaries.state === 'ready' ? suggestedFirst(summaries.fields) : undefined
  const names = ready ? ready.map((shown) => shown.summary.field) : answer ? summaryFields(answer.fields, query.q).map((field) => field.id) : []
  const focusShown = focus !== undefined && names.includes(focus.field)
  // Each request is a new `focus` object, so asking for the same field again focuses it again.
  useEffect(() => {
    if (!focusShown || focus === undefined) return
    const target = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-field]') ?? [])].find((element) => element.dataset.field === focus.field)
    target?.scrollIntoView({ block: 'nearest' })
    target?.focus({ preventScroll: true })
  }, [focus, focusShown])

  return (
    <section id={SUMMARIES_PANEL_ID} className="panel summaries-panel" aria-label="Column summaries">
      <div className="panel-head">
        <h2>Column summaries</h2>
        {summaries.state === 'waiting' && !unanswered ? <p className="summary-status">Summarising…</p> : null}
      </div>
      {names.length === 0 && summaries.state === 'ready' ? <p className="summary-status">No fields to summarise.</p> : null}
      {summaries.state === 'failed' ? <p className="summary-status">No summaries: {summaries.message}</p> : null}
      {unanswered ? <p className="summary-status">No summaries: the query has no answer of its own.</p> : null}
      <div className="summaries-list" ref={listRef}>
        {(summaries.state === 'failed' || unanswered ? [] : names).map((name, i) => {
          const found = ready?.[i]
          const shown = found?.computing ? undefined : found
          return (
            <section
              key={name}
              className="summary-card"
              aria-label={`Summary of ${name}`}
              data-field={name}
              data-live-requests={shown?.requests}
              aria-busy={shown === undefined || shown.pending}
              tabIndex={-1}
            >
              <h3>
                {name} {shown ? <span className="summary-type">{shown.summary.type}</span> : null}
              </h3>
              {shown ? <FieldSummaryView shown={shown} onFilter={onFilter} /> : <p className="summary-scope">Summarising…</p>}
            </section>
          )
        })}
      </div>
    </section>
  )
}
