import { describe, expect, it } from 'vitest'
import { describeDifference, matchCount } from './answers.ts'
import { buildContender } from './contenders.ts'
import { generateBenchRecords, queriesForGeneratedData } from './dataset.ts'
import type { Answer, QueryId } from './types.ts'

// The bench is only honest if the engine it times answers exactly like the baseline it compares with.
// Same data and queries as `npm run bench`, at a size a unit test can afford; no timings here.
const RECORDS = 3_000

describe(`bench queries at ${RECORDS} records`, async () => {
  const records = generateBenchRecords(RECORDS)
  const engine = await buildContender('engine', records)
  const naive = await buildContender('naive', records)
  const answers = new Map<QueryId, { engine: Answer; naive: Answer }>()
  for (const query of queriesForGeneratedData()) {
    answers.set(query.id, { engine: await engine(query.params), naive: await naive(query.params) })
  }
  const answerOf = (id: QueryId): { engine: Answer; naive: Answer } => {
    const pair = answers.get(id)
    if (pair === undefined) throw new Error(`no answers for ${id}`)
    return pair
  }

  it.each(queriesForGeneratedData().map((query) => [query.id, query.description] as const))('%s (%s): engine answers as naive', (id) => {
    const { engine: fromEngine, naive: fromNaive } = answerOf(id)
    expect(describeDifference(fromNaive, fromEngine)).toBeUndefined()
  })

  it('the data gives every query something to agree on', () => {
    expect(answerOf('Q1').naive.ids).toEqual([1, 2, 3, 4, 5])
    // More matches than the limit: Q2 ends early, Q7 counts past the page.
    expect(answerOf('Q2').naive.ids).toHaveLength(100)
    expect(matchCount(answerOf('Q3').naive)).toBe(1)
    expect(matchCount(answerOf('Q4').naive)).toBeGreaterThan(20)
    expect(matchCount(answerOf('Q5').naive)).toBeGreaterThan(0)
    expect(matchCount(answerOf('Q6').naive)).toBe(0)
    expect(answerOf('Q7').naive.total).toBeGreaterThan(100)
  })
})
