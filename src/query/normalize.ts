// The canonical form of a query: the one every link, cache key and request is made from.
import type { FilterClause, QueryState } from './types.ts'

/**
 * Merges clauses that name the same field (values in order of appearance: a field's values combine
 * as any-of, so two clauses on one field mean one longer list), drops clauses without values (they
 * cannot be written as chips or link parameters) and treats an empty `fields` list as "all fields"
 * (and empty widths or pins as none).
 */
export function normalizeQuery(query: QueryState): QueryState {
  return {
    ...query,
    filters: mergeFilterClauses(query.filters),
    sort: query.sort.map((key) => ({ ...key })),
    fields: query.fields && query.fields.length > 0 ? [...query.fields] : undefined,
    widths: query.widths && Object.keys(query.widths).length > 0 ? { ...query.widths } : undefined,
    pinned: query.pinned && query.pinned.length > 0 ? [...new Set(query.pinned)] : undefined,
  }
}

export function mergeFilterClauses(clauses: readonly FilterClause[]): FilterClause[] {
  const byField = new Map<string, string[]>()
  for (const clause of clauses) {
    if (clause.values.length === 0) continue
    const values = byField.get(clause.field)
    if (values) values.push(...clause.values)
    else byField.set(clause.field, [...clause.values])
  }
  return [...byField].map(([field, values]) => ({ field, values }))
}

/** Replaces lone UTF-16 surrogates (not text; URLs cannot carry them) with U+FFFD, as URLs do. */
export function toWellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
}
