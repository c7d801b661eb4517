import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { demoGroupOptions, groupPlan, liveGroupOptions, loadedPoints, sqlGroupOptions, type GroupAnswer, type GroupDeps, type LoadedAnswer } from '../../api/group-by/group-options.ts'
import { everyRecordLoaded, factKind } from '../../api/summaries/summary-plan.ts'
import type { Grouping } from '../../query/grouping.ts'
import type { QueryState } from '../../query/types.ts'

export type GroupingState =
  | { state: 'idle' }
  | { state: 'waiting' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; answer: GroupAnswer; matching?: number }

/** Two numeric keys are drawn as a scatter of sampled records. */
export function isScatter(grouping: Grouping | undefined, fields: LoadedAnswer['fields']): boolean {
  if (!grouping || grouping.keys.length !== 2) return false
  return grouping.keys.every((key) => key.unit === undefined && factKind(fields.find((field) => field.id === key.field)?.type ?? '') === 'number')
}

/** The grouping of the executed query, the way its source allows (see api/group-by/group-options.ts). */
export function useGrouping(query: QueryState, answer: LoadedAnswer | undefined, grouping: Grouping | undefined, offersSql: boolean | undefined, deps: GroupDeps): GroupingState {
  const complete = answer !== undefined && everyRecordLoaded(answer, query.offset)
  const asked = grouping ?? { keys: [], measure: 'count' as const, top: 0 }
  const plan = groupPlan({ source: query.source, offersSql, grouping: asked, complete })
  const fields = useMemo(() => answer?.fields ?? [], [answer])
  const scatter = isScatter(grouping, fields)
  const options = (() => {
    if (plan === 'engine') return demoGroupOptions(query, asked, scatter, deps)
    if (plan === 'sql') return sqlGroupOptions(query, fields, asked, deps)
    return liveGroupOptions(query, answer ?? { fields: [], records: [] }, asked, plan, complete, deps)
  })()
  const result = useQuery({ ...options, enabled: grouping !== undefined && answer !== undefined })
  const matching = answer?.total !== undefined && !answer.totalWasEstimated ? answer.total : undefined
  const withPoints = useMemo(() => {
    const data = result.data
    if (!data || !scatter || data.result.sample || !answer || !grouping) return data
    const [x, y] = grouping.keys
    return x && y ? { ...data, result: { ...data.result, sample: loadedPoints(answer.records, x.field, y.field) } } : data
  }, [result.data, scatter, answer, grouping])

  if (grouping === undefined) return { state: 'idle' }
  if (result.isError) return { state: 'failed', message: result.error.message }
  if (withPoints === undefined) return { state: 'waiting' }
  return { state: 'ready', answer: withPoints, matching }
}
