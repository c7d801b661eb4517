import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useId, useMemo } from 'react'
import { sqlSupportOptions } from '../../api/sql-support.ts'
import type { GroupDeps, LoadedAnswer } from '../../api/group-by/group-options.ts'
import { factKind, summaryFields } from '../../api/summaries/summary-plan.ts'
import { DEFAULT_GROUP_TOP, GROUP_MEASURES, GROUP_UNITS, keepsEveryGroup, type Grouping, type GroupingKey, type GroupMeasure } from '../../query/grouping.ts'
import type { QueryState } from '../../query/types.ts'
import { GroupsTable } from './GroupsTable.tsx'
import { GROUP_BY_PANEL_ID } from './GroupByToggle.tsx'
import { groupsLine, measureLabel, scopeLine } from './group-text.ts'
import { isScatter, useGrouping } from './use-grouping.ts'
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './group-by.css'

// The chart library loads with the chart, after the table is on screen.
const GroupChart = lazy(() => import('./GroupChart.tsx').then((module) => ({ default: module.GroupChart })))

export interface GroupByPanelProps {
  /** The executed query. */
  query: QueryState
  /** Its own answer; undefined while it loads. */
  answer: LoadedAnswer | undefined
  grouping: Grouping | undefined
  onChange: (grouping: Grouping | undefined) => void
  deps: GroupDeps
  onFilter: (field: string, value: string) => void
}

const TOPS = [5, 10, 20, 50, 100, 1000]

const keyValue = (key: GroupingKey | undefined) => (key ? JSON.stringify([key.field, key.unit ?? null]) : '')
function keyOf(value: string): GroupingKey | undefined {
  if (value === '') return undefined
  const [field, unit] = JSON.parse(value) as [string, GroupingKey['unit'] | null]
  return unit ? { field, unit } : { field }
}

/** The `Group by` region: fields and measure, the line saying what the numbers cover, the `Groups` table and its chart. */
export function GroupByPanel({ query, answer, grouping, onChange, deps, onFilter }: GroupByPanelProps) {
  const id = useId()
  // a live server is asked once (and remembered) whether it answers datastore_search_sql
  const live = query.source === 'live'
  const support = useQuery({ ...sqlSupportOptions({ source: query.source, baseUrl: query.baseUrl }, { transport: deps.transports.live, token: deps.token }), enabled: live && grouping !== undefined })
  const offersSql = live ? support.data?.offered : undefined
  const sqlKnown = !live || support.data !== undefined || support.isError
  const fields = useMemo(() => (answer ? summaryFields(answer.fields, query.q) : []), [answer, query.q])
  const keyFields = fields.filter((field) => factKind(field.type) !== 'nested')
  const numeric = fields.filter((field) => factKind(field.type) === 'number')
  const grouped = useGrouping(query, answer, sqlKnown ? grouping : undefined, offersSql, deps)
  const measure = grouping?.measure ?? 'count'
  const tableId = `${id}-groups`

  const change = (next: Partial<Grouping>) => {
    const base: Grouping = grouping ?? { keys: [], measure: 'count', top: DEFAULT_GROUP_TOP }
    const merged = { ...base, ...next }
    if (merged.measure === 'count') delete merged.measureField
    else merged.measureField ??= numeric[0]?.id
    onChange(merged.keys.length > 0 ? merged : undefined)
  }
  const setKey = (index: number, value: string) => {
    const keys = [...(grouping?.keys ?? [])]
    const key = keyOf(value)
    if (key) keys[index] = key
    else keys.splice(index)
    change({ keys: keys.filter((item): item is GroupingKey => item !== undefined) })
  }
  const keyOptions = keyFields.flatMap((field) => [
    <option key={field.id} value={keyValue({ field: field.id })}>
      {`${field.id} (${field.type})`}
    </option>,
    ...(factKind(field.type) === 'date'
      ? GROUP_UNITS.map((unit) => (
          <option key={`${field.id} ${unit}`} value={keyValue({ field: field.id, unit })}>
            {`${field.id} by ${unit}`}
          </option>
        ))
      : []),
  ])
  const first = grouping?.keys[0]
  const chartName = grouping && first ? `Chart of ${measureLabel(grouping)} by ${first.field}` : undefined

  return (
    <section id={GROUP_BY_PANEL_ID} className="panel group-by-panel" aria-label="Group by">
      <div className="panel-head">
        <h2>Group by</h2>
      </div>
      <div className="group-by-controls">
        <div className="group-control">
          <label htmlFor={`${id}-group-field`}>Group field</label>
          <select id={`${id}-group-field`} value={keyValue(first)} onChange={(event) => setKey(0, event.target.value)}>
            <option value="">Choose a field</option>
            {keyOptions}
          </select>
        </div>
        {first ? (
          <div className="group-control">
            <label htmlFor={`${id}-then-by`}>Then by</label>
            <select id={`${id}-then-by`} value={keyValue(grouping?.keys[1])} onChange={(event) => setKey(1, event.target.value)}>
              <option value="">nothing</option>
              {keyOptions}
            </select>
          </div>
        ) : null}
        <div className="group-control">
          <label htmlFor={`${id}-measure`}>Measure</label>
          <select id={`${id}-measure`} value={measure} onChange={(event) => change({ measure: event.target.value as GroupMeasure })}>
            {GROUP_MEASURES.filter((name) => name === 'count' || numeric.length > 0).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        {measure !== 'count' ? (
          <div className="group-control">
            <label htmlFor={`${id}-measure-field`}>Measure field</label>
            <select id={`${id}-measure-field`} value={grouping?.measureField ?? ''} onChange={(event) => change({ measureField: event.target.value })}>
              {numeric.map((field) => (
                <option key={field.id} value={field.id}>
                  {`${field.id} (${field.type})`}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {grouping && !keepsEveryGroup(grouping) ? (
          <div className="group-control">
            <label htmlFor={`${id}-groups-shown`}>Groups shown</label>
            <select id={`${id}-groups-shown`} value={grouping.top} onChange={(event) => change({ top: Number(event.target.value) })}>
              {[...new Set([...TOPS, grouping.top])].filter((top) => top > 0).sort((a, b) => a - b).map((top) => (
                <option key={top} value={top}>{`top ${top}`}</option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {answer === undefined ? <p className="group-status">Waiting for the query's answer…</p> : null}
      {answer && grouping === undefined ? <p className="group-status">Choose a field to group the matching records by.</p> : null}
      {answer && grouping !== undefined && !sqlKnown ? <p className="group-status">Asking the server whether it offers datastore_search_sql…</p> : null}
      {grouped.state === 'waiting' ? <p className="group-status">Grouping…</p> : null}
      {grouped.state === 'failed' ? <p className="group-status">No grouping: {grouped.message}</p> : null}
      {grouped.state === 'ready' && grouping ? (
        <>
          <p className="group-scope">{scopeLine(grouped.answer, grouped.matching)}</p>
          <p className="group-count">{groupsLine(grouped.answer.result.groups)}</p>
          <div className="group-result">
            <GroupsTable id={tableId} answer={grouped.answer} grouping={grouping} onFilter={onFilter} />
            <Suspense fallback={<p className="group-status">Loading the chart…</p>}>
              <GroupChart answer={grouped.answer} grouping={grouping} name={chartName ?? ''} details={tableId} scatter={isScatter(grouping, fields)} keyKind={first ? factKind(fields.find((field) => field.id === first.field)?.type ?? '') : 'text'} />
            </Suspense>
          </div>
        </>
      ) : null}
    </section>
  )
}
