// The Group by rows, measured in the summary bench's process on the same table: G1 count by the
// coded filter field of Q4 (category) over the whole table, G2 mean of the first fractional number
// field (cost) by month of the first date field (opened) over Q2's q. Each engine answer (through
// `datastoreGroup`) is checked against a naive grouping of the row objects (Map per key, one loop).
import { datastoreGroup, type Catalog, type FieldInfo, type GroupRequest, type GroupResult, type RecordObject } from '../engine/index.ts'
import type { BenchQuery } from './queries.ts'
import { timeRepeated } from './timing.ts'
import type { RunSettings, Timing } from './types.ts'

export interface GroupRowResult {
  id: 'G1' | 'G2'
  description: string
  matches: number
  groups: number
  engine: Timing
  engineFirstRunMs: number
  naive: Timing
  targetMs: number
  disagreement?: string
}

interface GroupRow {
  id: GroupRowResult['id']
  description: string
  request: Omit<GroupRequest, 'resource_id'>
  targetMs: number
}

export function groupRows(queries: readonly BenchQuery[], fields: readonly FieldInfo[]): GroupRow[] {
  const q2 = queries.find((query) => query.id === 'Q2')?.params.q
  const coded = Object.keys(queries.find((query) => query.id === 'Q4')?.params.filters ?? {})[0]
  const date = fields.find((field) => field.type === 'date')?.id
  const number = fields.find((field) => field.type === 'numeric' || field.type === 'float8')?.id
  if (typeof q2 !== 'string' || !coded || !date || !number) throw new Error('The bench data needs Q2, a filter field (Q4), a date and a number field for the group rows')
  return [
    { id: 'G1', description: `count by ${coded}, whole table`, request: { group: [{ field: coded }] }, targetMs: 20 },
    { id: 'G2', description: `mean ${number} by month of ${date}, q '${q2}' (Q2's result)`, request: { q: q2, group: [{ field: date, unit: 'month' }], measure: 'mean', measure_field: number, top: 0 }, targetMs: 60 },
  ]
}

/** The naive grouping: the rows matching q (case-insensitive in one field's text), a Map per key. */
function naiveGroups(records: readonly RecordObject[], request: GroupRow['request']): Map<string, { count: number; value: number | null }> {
  const needle = typeof request.q === 'string' ? request.q.toLowerCase() : ''
  const [key] = request.group
  const groups = new Map<string, { count: number; sum: number; n: number }>()
  for (const record of records) {
    if (needle !== '' && !Object.values(record).some((value) => value !== null && String(value).toLowerCase().includes(needle))) continue
    const raw = record[key?.field ?? ''] ?? null
    const name = raw === null ? 'null' : key?.unit === 'month' ? String(raw).slice(0, 7) : String(raw)
    let group = groups.get(name)
    if (!group) groups.set(name, (group = { count: 0, sum: 0, n: 0 }))
    group.count++
    const value = request.measure_field === undefined ? null : record[request.measure_field]
    if (typeof value === 'number') {
      group.sum += value
      group.n++
    }
  }
  const mean = request.measure === 'mean'
  return new Map([...groups].map(([name, group]) => [name, { count: group.count, value: mean ? (group.n === 0 ? null : group.sum / group.n) : group.count }]))
}

function disagreement(engine: GroupResult, naive: Map<string, { count: number; value: number | null }>, top: number): string | undefined {
  if (engine.groups !== naive.size) return `${engine.groups} groups instead of ${naive.size}`
  for (const row of engine.rows) {
    const expected = naive.get(row.keys[0] === null ? 'null' : String(row.keys[0]))
    if (!expected || expected.count !== row.count || expected.value !== row.value) return `group ${String(row.keys[0])}: ${row.count}/${String(row.value)} instead of ${expected ? `${expected.count}/${String(expected.value)}` : 'none'}`
  }
  const kept = Math.min(top === 0 ? naive.size : top, naive.size)
  return engine.rows.length === kept ? undefined : `${engine.rows.length} rows instead of ${kept}`
}

export async function measureGroups(catalog: Catalog, resourceId: string, records: readonly RecordObject[], rows: readonly GroupRow[], settings: RunSettings, naiveSettings: RunSettings, log: (line: string) => void): Promise<GroupRowResult[]> {
  const results: GroupRowResult[] = []
  for (const row of rows) {
    const ask = async (): Promise<GroupResult> => {
      const { status, body } = await datastoreGroup(catalog, { resource_id: resourceId, ...row.request }, { tokens: [] })
      if (status !== 200) throw new Error(`${row.id}: the engine answered ${status}: ${JSON.stringify(body).slice(0, 300)}`)
      return (body as { result: GroupResult }).result
    }
    const engine = await timeRepeated(ask, settings, (a, b) => JSON.stringify(a) === JSON.stringify(b))
    log(`[groups] ${row.id} engine median ${engine.timing.medianMs.toFixed(3)} ms (first run ${engine.firstRunMs.toFixed(1)} ms)`)
    const naive = await timeRepeated(() => naiveGroups(records, row.request), naiveSettings, () => true)
    results.push({
      id: row.id,
      description: row.description,
      matches: engine.result.total,
      groups: engine.result.groups,
      engine: engine.timing,
      engineFirstRunMs: engine.firstRunMs,
      naive: naive.timing,
      targetMs: row.targetMs,
      disagreement: disagreement(engine.result, naive.result, row.request.top ?? 20),
    })
  }
  return results
}
