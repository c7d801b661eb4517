// The seven bench queries of issue 2, built from the generator's own dictionaries so that the filter
// values exist in the data. Expected match counts are checked by the bench, not assumed.
import type { QueryId, SearchParams } from './types.ts'

export interface BenchQuery {
  id: QueryId
  description: string
  params: SearchParams
  /** True when the query's cost is the full count (a total), which the 100k rule treats apart. */
  isTotal: boolean
}

/** Matches about 4.5% of the generated records; mixed case on purpose (q is case-insensitive). */
export const COMMON_NEEDLE = 'Grain'
/** The generator's injected rare word (3 records per million, at least 1). */
export const RARE_NEEDLE = 'QUOKKA'
/**
 * Made only of letters that are common in the generated text (r a s t o n e: 3-6% each), so anchoring
 * on a rare character cannot help; the bench asserts that it matches nothing.
 */
export const ABSENT_NEEDLE = 'Rastone'
/** Subject ranks (0 = most frequent) used by Q4: together about 8% of records. */
const FILTER_SUBJECT_RANKS = [3, 7, 15] as const
export const FILTER_STAGE = 'active'

export function filterSubjects(subjectsByFrequency: readonly string[]): string[] {
  return FILTER_SUBJECT_RANKS.map((rank) => {
    const subject = subjectsByFrequency[rank]
    if (subject === undefined) throw new RangeError(`The generator has no subject of rank ${rank}`)
    return subject
  })
}

/** A page of records without a total: the total's full count is Q7's job. */
function page(params: Omit<SearchParams, 'include_total'>): SearchParams {
  return { ...params, include_total: false }
}

export function benchQueries(subjectsByFrequency: readonly string[]): BenchQuery[] {
  const filters = { subject: filterSubjects(subjectsByFrequency), stage: FILTER_STAGE }
  return [
    { id: 'Q1', description: 'first 5 records', params: page({ limit: 5 }), isTotal: false },
    { id: 'Q2', description: `limit 100, q '${COMMON_NEEDLE}' (~4.5%)`, params: page({ limit: 100, q: COMMON_NEEDLE }), isTotal: false },
    { id: 'Q3', description: `limit 100, q '${RARE_NEEDLE}' (rare)`, params: page({ limit: 100, q: RARE_NEEDLE }), isTotal: false },
    { id: 'Q4', description: 'limit 100, filters 3 subjects + stage', params: page({ limit: 100, filters }), isTotal: false },
    { id: 'Q5', description: 'limit 100, Q2 q + Q4 filters', params: page({ limit: 100, q: COMMON_NEEDLE, filters }), isTotal: false },
    { id: 'Q6', description: `limit 100, q '${ABSENT_NEEDLE}' (absent)`, params: page({ limit: 100, q: ABSENT_NEEDLE }), isTotal: false },
    { id: 'Q7', description: `total for q '${COMMON_NEEDLE}' (limit 0)`, params: { limit: 0, q: COMMON_NEEDLE, include_total: true }, isTotal: true },
  ]
}
