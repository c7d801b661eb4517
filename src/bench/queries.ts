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

/** Matches about 4% of the generated records (the "Water Leak" category); mixed case on purpose (q is case-insensitive). */
export const COMMON_NEEDLE = 'Leak'
/** The generator's injected rare word (3 records per million, at least 1). */
export const RARE_NEEDLE = 'PEACOCK'
/**
 * A real word made only of letters that are common in the generated text (t o r s i e), so anchoring
 * on a rare character cannot help; the bench asserts that it matches nothing.
 */
export const ABSENT_NEEDLE = 'Tortoise'
/** Category ranks (0 = most frequent) used by Q4: together about 12% of records; rank 5 is "Water Leak", so Q5 finds records. */
const FILTER_CATEGORY_RANKS = [3, 5, 11] as const
export const FILTER_STATUS = 'Open'

export function filterCategories(categoriesByFrequency: readonly string[]): string[] {
  return FILTER_CATEGORY_RANKS.map((rank) => {
    const category = categoriesByFrequency[rank]
    if (category === undefined) throw new RangeError(`The generator has no category of rank ${rank}`)
    return category
  })
}

/** A page of records without a total: the total's full count is Q7's job. */
function page(params: Omit<SearchParams, 'include_total'>): SearchParams {
  return { ...params, include_total: false }
}

export function benchQueries(categoriesByFrequency: readonly string[]): BenchQuery[] {
  const filters = { category: filterCategories(categoriesByFrequency), status: FILTER_STATUS }
  return [
    { id: 'Q1', description: 'first 5 records', params: page({ limit: 5 }), isTotal: false },
    { id: 'Q2', description: `limit 100, q '${COMMON_NEEDLE}' (~4%)`, params: page({ limit: 100, q: COMMON_NEEDLE }), isTotal: false },
    { id: 'Q3', description: `limit 100, q '${RARE_NEEDLE}' (rare)`, params: page({ limit: 100, q: RARE_NEEDLE }), isTotal: false },
    { id: 'Q4', description: 'limit 100, filters 3 categories + status', params: page({ limit: 100, filters }), isTotal: false },
    { id: 'Q5', description: 'limit 100, Q2 q + Q4 filters', params: page({ limit: 100, q: COMMON_NEEDLE, filters }), isTotal: false },
    { id: 'Q6', description: `limit 100, q '${ABSENT_NEEDLE}' (absent)`, params: page({ limit: 100, q: ABSENT_NEEDLE }), isTotal: false },
    { id: 'Q7', description: `total for q '${COMMON_NEEDLE}' (limit 0)`, params: { limit: 0, q: COMMON_NEEDLE, include_total: true }, isTotal: true },
  ]
}
