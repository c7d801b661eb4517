// Which way each field of the executed query gets its summary. Pure.
import type { DatastoreField } from '../parse-response.ts'
import type { FactKind } from './live-facts.ts'

const NUMBER_TYPES = new Set(['int', 'int2', 'int4', 'int8', 'numeric', 'float4', 'float8'])
const DATE_TYPES = new Set(['date', 'timestamp', 'timestamptz'])

/** How the live planner treats a field of this CKAN type. */
export function factKind(type: string): FactKind {
  const lower = type.toLowerCase()
  if (NUMBER_TYPES.has(lower)) return 'number'
  if (DATE_TYPES.has(lower)) return 'date'
  if (lower === 'json' || lower.startsWith('_')) return 'nested'
  return 'text'
}

/** The fields worth summarising: not `_id`, nor the `rank` columns a text search adds. */
export function summaryFields(fields: readonly DatastoreField[], q: string): DatastoreField[] {
  return fields.filter((field) => field.id !== '_id' && !(q !== '' && (field.id === 'rank' || field.id.startsWith('rank '))))
}

/** Every matching record is on hand: the total is known exactly and that many records came back. */
export function everyRecordLoaded(answer: { total?: number; totalWasEstimated?: boolean; records: readonly unknown[] }, offset: number): boolean {
  return offset === 0 && answer.total !== undefined && !answer.totalWasEstimated && answer.records.length >= answer.total
}

/** Fields with 2 to 30 distinct values come first (facets worth filtering by), in table order otherwise. */
export function suggestedFirst<T extends { summary: { distinct: number } }>(summaries: readonly T[]): T[] {
  const facet = (item: T) => item.summary.distinct >= 2 && item.summary.distinct <= 30
  return [...summaries.filter(facet), ...summaries.filter((item) => !facet(item))]
}

/** Records of the loaded page looked at to guess which fields are cheap to summarise. */
const GUESS_RECORDS = 1000

/**
 * The fields in the order to ask the demo engine for them: fewest distinct values in the loaded page
 * first. The worker answers one field after another, and a field with a value per record (ids, free
 * text) can take seconds the first time; asked last, it holds up no facet.
 */
export function cheapFirst(names: readonly string[], records: readonly Record<string, unknown>[]): string[] {
  const sample = records.slice(0, GUESS_RECORDS)
  const distinct = new Map(names.map((name) => [name, new Set(sample.map((record) => JSON.stringify(record[name] ?? null))).size]))
  return names.toSorted((a, b) => (distinct.get(a) ?? 0) - (distinct.get(b) ?? 0))
}
