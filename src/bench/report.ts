// The bench's printed tables (Markdown, so a closing note can paste them as they are).
import type { QueryComparison, SizeComparison } from './compare.ts'
import { queriesForGeneratedData } from './dataset.ts'
import type { ContenderResult, Timing } from './types.ts'

const MB = 2 ** 20

function formatMs(ms: number): string {
  if (ms < 0.01) return '<0.01'
  if (ms < 10) return ms.toFixed(ms < 1 ? 3 : 2)
  return ms < 100 ? ms.toFixed(1) : Math.round(ms).toLocaleString('en-US')
}

const formatTiming = (timing: Timing): string => `${formatMs(timing.medianMs)} (${formatMs(timing.minMs)}–${formatMs(timing.maxMs)})`
const formatRatio = (ratio: number): string => (Number.isFinite(ratio) ? `${ratio < 10 ? ratio.toFixed(1) : Math.round(ratio).toLocaleString('en-US')}×` : '∞')
const formatMb = (bytes: number): string => Math.round(bytes / MB).toLocaleString('en-US')
const count = (value: number): string => value.toLocaleString('en-US')

const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`

function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}

function queryRow(query: QueryComparison, description: string): string[] {
  return [
    query.id,
    description,
    count(query.matches),
    formatTiming(query.engine),
    formatMs(query.engineFirstRunMs),
    formatTiming(query.naive),
    formatRatio(query.speedup),
    `≤ ${query.targetMs} ms`,
    query.verdict,
    query.disagreement === undefined ? 'same' : `DIFFERENT: ${query.disagreement}`,
  ]
}

export function formatSize(comparison: SizeComparison, engine: ContenderResult, naive: ContenderResult): string {
  const descriptions = new Map(queriesForGeneratedData().map((query) => [query.id, query.description]))
  const { targets } = comparison
  const timings = table(
    ['query', 'request', 'matches', 'engine ms, median (min–max)', 'engine 1st run ms', 'naive ms, median (min–max)', 'naive/engine', 'target', 'verdict', 'engine = naive'],
    comparison.queries.map((query) => queryRow(query, descriptions.get(query.id) ?? '')),
  )
  const runs = comparison.queries[0]?.engine.runs ?? 0
  const buildTarget = targets.buildMs === undefined ? '—' : `≤ ${count(targets.buildMs)} ms`
  const figures = table(
    ['figure', 'engine', 'naive', 'target', 'verdict'],
    [
      ['build from row objects (ms)', count(Math.round(engine.buildMs)), count(Math.round(naive.buildMs)), buildTarget, comparison.buildVerdict ?? '—'],
      ['RSS Δ after build, rows dropped, GC run (MB)', formatMb(engine.memory.rssDeltaBytes), formatMb(naive.memory.rssDeltaBytes), '', ''],
      ['JS heap Δ (MB)', formatMb(engine.memory.heapDeltaBytes), formatMb(naive.memory.heapDeltaBytes), '', ''],
      ['RSS Δ after all queries, GC run (MB)', formatMb(engine.memoryAfterQueries.rssDeltaBytes), formatMb(naive.memoryAfterQueries.rssDeltaBytes), '', ''],
      ['JS heap Δ after all queries (MB)', formatMb(engine.memoryAfterQueries.heapDeltaBytes), formatMb(naive.memoryAfterQueries.heapDeltaBytes), '', ''],
      ['peak RSS incl. generated rows (MB)', formatMb(engine.memoryAfterQueries.peakRssBytes), formatMb(naive.memoryAfterQueries.peakRssBytes), '', ''],
      [
        'RSS Δ after all queries / text bytes',
        `${comparison.memoryPerTextByte.engine.toFixed(2)}×`,
        `${comparison.memoryPerTextByte.naive.toFixed(2)}×`,
        targets.memoryPerTextByte === undefined ? '—' : `≤ ${targets.memoryPerTextByte}×`,
        comparison.memoryVerdict ?? '—',
      ],
    ],
  )
  const heading = [
    `## ${count(comparison.size)} records`,
    '',
    `Text: ${count(engine.textBytes)} bytes (${(engine.textBytes / MB).toFixed(1)} MiB, ${Math.round(engine.textBytes / comparison.size)} bytes/record, all fields incl. _id as text). ` +
      `Generation: ${count(Math.round(engine.generateMs))} ms. Each query: warm-up runs, then the median of ${runs} timed runs. Targets: ${targets.source}.`,
  ]
  return [...heading, '', timings, '', figures].join('\n')
}

export function formatProblems(problems: readonly string[]): string {
  return problems.length === 0
    ? 'Every engine answer equals the naive answer, and the data holds what the queries assume.'
    : ['**BENCH PROBLEMS** (the figures above are not trustworthy until these are fixed):', ...problems.map((problem) => `- ${problem}`)].join('\n')
}
