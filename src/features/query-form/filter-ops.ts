// Adding and removing filter chips. Several values of one field mean "any of"; several fields mean
// "all of". Values and names are kept exactly as typed, because filters match exact text. The checks
// themselves belong to the query model (validateFilterDraft).
import type { FilterClause } from '../../query/types.ts'
import { validateFilterDraft } from '../../query/validate.ts'

export type AddFilterResult =
  | { ok: true; filters: FilterClause[]; warning?: string }
  | { ok: false; problem: 'field' | 'value'; message: string }

export function addFilterValue(filters: readonly FilterClause[], field: string, value: string): AddFilterResult {
  const messages = validateFilterDraft(field, value, filters)
  if (messages.field) return { ok: false, problem: 'field', message: messages.field }
  if (messages.value) return { ok: false, problem: 'value', message: messages.value }
  const existing = filters.find((clause) => clause.field === field)
  const next =
    existing === undefined
      ? [...filters, { field, values: [value] }]
      : filters.map((clause) => (clause.field === field ? { field, values: [...clause.values, value] } : clause))
  return { ok: true, filters: next, warning: messages.warning }
}

export function removeFilterValue(filters: readonly FilterClause[], field: string, value: string): FilterClause[] {
  return filters.flatMap((clause) => {
    if (clause.field !== field) return [clause]
    const values = clause.values.filter((candidate) => candidate !== value)
    return values.length === 0 ? [] : [{ field, values }]
  })
}
