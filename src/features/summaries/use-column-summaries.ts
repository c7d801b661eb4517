import { useQueries, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { DatastoreField, DatastoreRecord } from '../../api/parse-response.ts'
import { exactSummary, loadedSummary, mergeFacts, pendingSummary, type ShownSummary } from '../../api/summaries/shown-summary.ts'
import { demoSummaryOptions, liveFieldOptions, loadedSummaryOptions, type SummaryDeps } from '../../api/summaries/summary-options.ts'
import { cheapFirst, everyRecordLoaded, factKind, summaryFields } from '../../api/summaries/summary-plan.ts'
import type { QueryState } from '../../query/types.ts'

/** The executed query's own answer (never the previous query's, shown while this one loads). */
export interface SummarySource {
  fields: DatastoreField[]
  records: DatastoreRecord[]
  total?: number
  totalWasEstimated?: boolean
}

export type ColumnSummaries = { state: 'waiting' } | { state: 'failed'; message: string } | { state: 'ready'; fields: ShownSummary[] }

/**
 * The summaries of the executed query's fields: the demo engine's (exact), the loaded records' when
 * they are every matching record, or the loaded records' with what the live server says exactly.
 */
export function useColumnSummaries(query: QueryState, answer: SummarySource | undefined, deps: SummaryDeps): ColumnSummaries {
  const fields = useMemo(() => (answer ? summaryFields(answer.fields, query.q) : []), [answer, query.q])
  const names = useMemo(() => fields.map((field) => field.id), [fields])
  const complete = answer !== undefined && everyRecordLoaded(answer, query.offset)
  const matching = answer?.total !== undefined && !answer.totalWasEstimated ? answer.total : undefined
  const engine = query.source === 'demo' && deps.summarize !== undefined
  const live = answer !== undefined && !engine && !complete && query.source === 'live'

  const asked = useMemo(() => (engine ? cheapFirst(names, answer?.records ?? []) : []), [engine, names, answer])
  const demo = useQueries({ queries: asked.map((name) => ({ ...demoSummaryOptions(query, name, deps), enabled: answer !== undefined })) })
  const demoFailed = demo.some((field) => field.isError)
  const onHandAnswer = useMemo(() => ({ fields, records: answer?.records ?? [] }), [fields, answer])
  const loaded = useQuery({ ...loadedSummaryOptions(query, onHandAnswer, deps), enabled: answer !== undefined && (!engine || demoFailed) })
  const facts = useQueries({
    queries: fields.map((field) => ({ ...liveFieldOptions(query, field.id, factKind(field.type), matching, deps), enabled: live })),
  })

  if (answer === undefined) return { state: 'waiting' }
  if (engine && !demoFailed) {
    return {
      state: 'ready',
      fields: names.map((name) => {
        const done = demo[asked.indexOf(name)]?.data
        const summary = done?.fields[0]
        return summary && done ? exactSummary(summary, done.total) : pendingSummary(name)
      }),
    }
  }
  const onHand = loaded.data
  if (loaded.isError) return { state: 'failed', message: loaded.error.message }
  if (onHand === undefined) return { state: 'waiting' }
  const count = answer.records.length
  if (complete) return { state: 'ready', fields: onHand.fields.map((summary) => exactSummary(summary, count)) }
  return {
    state: 'ready',
    fields: onHand.fields.map((summary, i) => {
      const fact = live ? facts[i] : undefined
      if (fact?.data) return mergeFacts(summary, count, fact.data, matching)
      return loadedSummary(summary, count, fact?.isPending === true && fact.fetchStatus !== 'idle')
    }),
  }
}
