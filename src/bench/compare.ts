// Judges one size: do engine and naive agree on every query, does the data hold what the queries
// assume (a rare needle, an absent one), and which targets are met.
import { defaultNeedles } from '../demo/generator.ts'
import { describeDifference, matchCount } from './answers.ts'
import { RARE_NEEDLE } from './queries.ts'
import { targetsFor, type Targets } from './targets.ts'
import type { ContenderResult, QueryId, Timing } from './types.ts'

export type Verdict = 'MET' | 'MISSED'

export interface QueryComparison {
  id: QueryId
  matches: number
  engine: Timing
  /** The engine's first, untimed run (lazy index builds show here). */
  engineFirstRunMs: number
  naive: Timing
  /** naive median / engine median: how many times faster the engine is. */
  speedup: number
  targetMs: number
  verdict: Verdict
  /** Undefined when the engine returned exactly the naive answer. */
  disagreement: string | undefined
}

export interface SizeComparison {
  size: number
  targets: Targets
  queries: QueryComparison[]
  buildVerdict: Verdict | undefined
  memoryPerTextByte: { engine: number; naive: number }
  memoryVerdict: Verdict | undefined
  /** Broken promises of the bench itself (disagreements, data that lacks what a query assumes). */
  problems: string[]
}

const recordsLabel = (size: number): string => `${size.toLocaleString('en-US')} records`

const verdict = (value: number, limit: number): Verdict => (value <= limit ? 'MET' : 'MISSED')

export function compareSize(engine: ContenderResult, naive: ContenderResult): SizeComparison {
  const size = engine.size
  const targets = targetsFor(size)
  const problems: string[] = []
  const queries = engine.queries.map((measured): QueryComparison => {
    const baseline = naive.queries.find((query) => query.id === measured.id)
    if (baseline === undefined) throw new Error(`The naive run has no ${measured.id}`)
    const disagreement = describeDifference(baseline.answer, measured.answer)
    if (disagreement !== undefined) problems.push(`${measured.id} at ${recordsLabel(size)}: the engine differs from naive: ${disagreement}`)
    return {
      id: measured.id,
      matches: matchCount(baseline.answer),
      engine: measured.timing,
      engineFirstRunMs: measured.firstRunMs,
      naive: baseline.timing,
      speedup: baseline.timing.medianMs / measured.timing.medianMs,
      targetMs: targets.queryMs[measured.id],
      verdict: verdict(measured.timing.medianMs, targets.queryMs[measured.id]),
      disagreement,
    }
  })
  problems.push(...checkDataAssumptions(size, queries))
  // Judged after the queries, so that indexes built lazily on first use count too.
  const memoryPerTextByte = {
    engine: engine.memoryAfterQueries.rssDeltaBytes / engine.textBytes,
    naive: naive.memoryAfterQueries.rssDeltaBytes / naive.textBytes,
  }
  return {
    size,
    targets,
    queries,
    buildVerdict: targets.buildMs === undefined ? undefined : verdict(engine.buildMs, targets.buildMs),
    memoryPerTextByte,
    memoryVerdict: targets.memoryPerTextByte === undefined ? undefined : verdict(memoryPerTextByte.engine, targets.memoryPerTextByte),
    problems,
  }
}

/** Q3 must find exactly the injected rare needles and Q6 nothing, or those queries test something else. */
function checkDataAssumptions(size: number, queries: readonly QueryComparison[]): string[] {
  const problems: string[] = []
  const matchesOf = (id: QueryId): number | undefined => queries.find((query) => query.id === id)?.matches
  const injected = defaultNeedles(size)
    .filter((needle) => needle.text.toLowerCase() === RARE_NEEDLE.toLowerCase())
    .reduce((sum, needle) => sum + Math.min(needle.count, size), 0)
  if (matchesOf('Q3') !== injected) problems.push(`Q3 at ${recordsLabel(size)}: the rare needle matched ${matchesOf('Q3')}, expected the ${injected} injected`)
  if (matchesOf('Q6') !== 0) problems.push(`Q6 at ${recordsLabel(size)}: the absent needle matched ${matchesOf('Q6')}, expected none`)
  return problems
}
