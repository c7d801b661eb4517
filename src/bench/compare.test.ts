import { describe, expect, it } from 'vitest'
import { compareSize } from './compare.ts'
import type { Answer, Contender, ContenderResult, QueryId } from './types.ts'

const IDS: QueryId[] = ['Q1', 'Q2', 'Q3', 'Q4', 'Q5', 'Q6', 'Q7']
const MB = 2 ** 20

/** Answers that satisfy the data checks at 1,000,000 records: 3 rare-needle hits, no absent-needle hit. */
function plausibleAnswers(): Record<QueryId, Answer> {
  return {
    Q1: { ids: [1, 2, 3, 4, 5], total: undefined },
    Q2: { ids: [7, 9], total: undefined },
    Q3: { ids: [166_667, 500_001, 833_334], total: undefined },
    Q4: { ids: [2, 8], total: undefined },
    Q5: { ids: [8], total: undefined },
    Q6: { ids: [], total: undefined },
    Q7: { ids: [], total: 44_817 },
  }
}

function result(contender: Contender, medianMs: number, answers: Record<QueryId, Answer>, rssMb = 500): ContenderResult {
  const memory = { rssDeltaBytes: rssMb * MB, heapDeltaBytes: rssMb * MB, peakRssBytes: 2 * rssMb * MB }
  return {
    contender,
    size: 1_000_000,
    generateMs: 5_000,
    buildMs: 2_000,
    textBytes: 260 * MB,
    memory,
    memoryAfterQueries: memory,
    queries: IDS.map((id) => ({ id, answer: answers[id], timing: { medianMs, minMs: medianMs, maxMs: medianMs, runs: 7 }, firstRunMs: medianMs })),
  }
}

describe('compareSize', () => {
  it('reports no problem when the engine answers as the naive baseline, and judges the targets', () => {
    const comparison = compareSize(result('engine', 0.2, plausibleAnswers()), result('naive', 20, plausibleAnswers()))
    expect(comparison.problems).toEqual([])
    expect(comparison.queries.find((query) => query.id === 'Q1')).toMatchObject({ verdict: 'MISSED', speedup: 100 })
    expect(comparison.queries.find((query) => query.id === 'Q3')).toMatchObject({ verdict: 'MET', matches: 3 })
    expect(comparison.buildVerdict).toBe('MET')
    expect(comparison.memoryVerdict).toBe('MET')
  })

  it('flags an engine answer that differs from the baseline', () => {
    const wrong = { ...plausibleAnswers(), Q2: { ids: [7, 10], total: undefined } }
    const { problems } = compareSize(result('engine', 0.2, wrong), result('naive', 20, plausibleAnswers()))
    expect(problems).toEqual(['Q2 at 1,000,000 records: the engine differs from naive: record #2 has _id 10 instead of 9'])
  })

  it('flags data that does not hold what Q3 and Q6 assume', () => {
    const answers = { ...plausibleAnswers(), Q3: { ids: [5], total: undefined }, Q6: { ids: [4], total: undefined } }
    const { problems } = compareSize(result('engine', 0.2, answers), result('naive', 20, answers))
    expect(problems).toEqual([
      'Q3 at 1,000,000 records: the rare needle matched 1, expected the 3 injected',
      'Q6 at 1,000,000 records: the absent needle matched 1, expected none',
    ])
  })

  it('judges memory after the queries against 2.5 times the text bytes', () => {
    const comparison = compareSize(result('engine', 0.2, plausibleAnswers(), 700), result('naive', 20, plausibleAnswers()))
    expect(comparison.memoryPerTextByte.engine).toBeCloseTo(700 / 260)
    expect(comparison.memoryVerdict).toBe('MISSED')
  })

  it('judges 100,000 records by the issue note: queries only, no build or memory target', () => {
    const answers = { ...plausibleAnswers(), Q3: { ids: [50_001], total: undefined } }
    const at100k = (contender: Contender, medianMs: number): ContenderResult => ({ ...result(contender, medianMs, answers, 700), size: 100_000 })
    const comparison = compareSize(at100k('engine', 2), at100k('naive', 20))
    expect(comparison.problems).toEqual([])
    expect(comparison.queries.find((query) => query.id === 'Q2')?.verdict).toBe('MISSED')
    expect(comparison.queries.find((query) => query.id === 'Q7')?.verdict).toBe('MET')
    expect(comparison.buildVerdict).toBeUndefined()
    expect(comparison.memoryVerdict).toBeUndefined()
  })
})
