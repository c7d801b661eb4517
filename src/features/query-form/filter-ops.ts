// Adding and removing filter chips. Pure. Several values of one field mean "any of"; several
// fields mean "all of". Values are kept exactly as typed, because filters match exact text.
import type { FilterClause } from '../../query/types.ts'

export type AddFilterResult =
  | { ok: true; filters: FilterClause[] }
  | { ok: false; problem: 'field' | 'value'; message: string }

export function addFilterValue(filters: readonly FilterClause[], rawField: string, value: string): AddFilterResult {
  const field = rawField.trim()
  if (field === '') return { ok: false, problem: 'field', message: 'Enter the name of the field to filter on.' }
  if (value === '') return { ok: false, problem: 'value', message: `Enter the value that ${field} must equal.` }
  const existing = filters.find((clause) => clause.field === field)
  if (existing?.values.includes(value)) {
    return { ok: false, problem: 'value', message: `The filter ${field} = ${value} is already there.` }
  }
  if (existing === undefined) return { ok: true, filters: [...filters, { field, values: [value] }] }
  return {
    ok: true,
    filters: filters.map((clause) => (clause.field === field ? { field, values: [...clause.values, value] } : clause)),
  }
}

export function removeFilterValue(filters: readonly FilterClause[], field: string, value: string): FilterClause[] {
  return filters.flatMap((clause) => {
    if (clause.field !== field) return [clause]
    const values = clause.values.filter((candidate) => candidate !== value)
    return values.length === 0 ? [] : [{ field, values }]
  })
}
