// A deliberately naive grouping for tests: the matching rows come from the naive search oracle, then
// each row's key is read off its values (a date unit is a prefix of the ISO text), groups are a Map,
// and the measure is one obvious loop. Used only by tests.

import type { CellValue, FieldInfo, RecordObject } from '../types.ts'
import { compareValues } from './oracle.ts'

export interface OracleGroupRequest {
  group: { field: string; unit?: 'year' | 'month' | 'day' }[]
  measure: 'count' | 'sum' | 'mean' | 'min' | 'max'
  measure_field?: string
  order: 'measure' | 'key'
  top: number
}

interface OracleGroup {
  keys: CellValue[]
  count: number
  numbers: number[]
}

function measureOf(numbers: number[], count: number, measure: OracleGroupRequest['measure']): number | null {
  if (measure === 'count') return count
  if (numbers.length === 0) return null
  if (measure === 'min') return Math.min(...numbers)
  if (measure === 'max') return Math.max(...numbers)
  let sum = 0
  for (const value of numbers) sum += value
  return measure === 'sum' ? sum : sum / numbers.length
}

const UNIT_LENGTH = { year: 4, month: 7, day: 10 }

export function oracleGroups(fields: FieldInfo[], rows: RecordObject[], request: OracleGroupRequest) {
  const groups = new Map<string, OracleGroup>()
  const typeOf = (id: string) => fields.find((field) => field.id === id)?.type ?? 'text'
  for (const row of rows) {
    const keys = request.group.map(({ field, unit }) => {
      const value = row[field] ?? null
      return value === null || unit === undefined ? value : (value as string).slice(0, UNIT_LENGTH[unit])
    })
    const id = JSON.stringify(keys)
    let group = groups.get(id)
    if (!group) groups.set(id, (group = { keys, count: 0, numbers: [] }))
    group.count++
    const number = request.measure_field === undefined ? null : (row[request.measure_field] ?? null)
    if (number !== null) group.numbers.push(number as number)
  }
  const list = [...groups.values()].map((group) => ({ ...group, value: measureOf(group.numbers, group.count, request.measure) }))
  const byKey = (a: OracleGroup, b: OracleGroup) => {
    for (const [k, { field, unit }] of request.group.entries()) {
      const [va, vb] = [a.keys[k] ?? null, b.keys[k] ?? null]
      if (va === null || vb === null) {
        if (va !== vb) return va === null ? 1 : -1
        continue
      }
      const order = compareValues(unit ? 'date' : typeOf(field), va, vb)
      if (order !== 0) return order
    }
    return 0
  }
  list.sort((a, b) => {
    if (request.order === 'key') return byKey(a, b)
    if (a.value === null || b.value === null) return a.value === b.value ? byKey(a, b) : a.value === null ? 1 : -1
    return b.value - a.value || byKey(a, b)
  })
  const cut = request.top > 0 && list.length > request.top
  const kept = cut ? list.slice(0, request.top) : list
  const rest = cut ? list.slice(request.top) : []
  const restCount = rest.reduce((sum, group) => sum + group.count, 0)
  return {
    total: rows.length,
    groups: list.length,
    rows: kept.map(({ keys, count, value }) => ({ keys, count, value })),
    ...(cut ? { other: { groups: rest.length, count: restCount, value: measureOf(rest.flatMap((group) => group.numbers), restCount, request.measure) } } : {}),
  }
}
