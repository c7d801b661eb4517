// The summary rows' printed table (Markdown), next to the search tables of the same size.
import type { SummaryBenchResult } from './summary-bench.ts'
import type { Timing } from './types.ts'

function formatMs(ms: number): string {
  if (ms < 10) return ms.toFixed(ms < 1 ? 3 : 2)
  return ms < 100 ? ms.toFixed(1) : Math.round(ms).toLocaleString('en-US')
}

const formatTiming = (timing: Timing): string => `${formatMs(timing.medianMs)} (${formatMs(timing.minMs)}–${formatMs(timing.maxMs)})`
const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`

export function formatSummaries(result: SummaryBenchResult): string {
  const header = ['row', 'summary', 'matches', 'engine ms, median (min–max)', 'engine 1st run ms', 'naive ms, median (min–max)', 'naive/engine', 'target', 'verdict', 'engine = naive']
  const rows = result.rows.map((row) => [
    row.id,
    row.description,
    row.matches.toLocaleString('en-US'),
    formatTiming(row.engine),
    formatMs(row.engineFirstRunMs),
    formatTiming(row.naive),
    `${Math.round(row.naive.medianMs / Math.max(row.engine.medianMs, 1e-3)).toLocaleString('en-US')}×`,
    row.targetText,
    row.engine.medianMs <= row.targetMs ? 'met' : 'MISSED',
    row.disagreement === undefined ? 'same' : `DIFFERENT: ${row.disagreement}`,
  ])
  return [
    `### Column summaries at ${result.size.toLocaleString('en-US')} records`,
    '',
    `Engine through \`datastoreSummary\`, naive baseline (objects, Map counts) in the same process; Q7 measured alongside: ${formatTiming(result.q7)} ms. "1st run" includes the column indexes built lazily on first use (cold: the search rows before may have built some); the median is warm.`,
    '',
    line(header),
    line(header.map(() => '---')),
    ...rows.map(line),
    '',
    ...formatGroups(result),
  ].join('\n')
}

function formatGroups(result: SummaryBenchResult): string[] {
  if (result.groups.length === 0) return []
  const header = ['row', 'grouping', 'matches', 'groups', 'engine ms, median (min–max)', 'engine 1st run ms', 'naive ms, median (min–max)', 'target', 'verdict', 'engine = naive']
  const rows = result.groups.map((row) => [
    row.id,
    row.description,
    row.matches.toLocaleString('en-US'),
    row.groups.toLocaleString('en-US'),
    formatTiming(row.engine),
    formatMs(row.engineFirstRunMs),
    formatTiming(row.naive),
    `≤ ${row.targetMs} ms`,
    row.engine.medianMs <= row.targetMs ? 'met' : 'MISSED',
    row.disagreement === undefined ? 'same' : `DIFFERENT: ${row.disagreement}`,
  ])
  return [`Group by through \`datastoreGroup\` (warm median) against a naive Map grouping of the row objects:`, '', line(header), line(header.map(() => '---')), ...rows.map(line)]
}

/** Problems the summary rows found (disagreements with the naive baseline). */
export function summaryProblems(result: SummaryBenchResult): string[] {
  return [...result.rows, ...result.groups].flatMap((row) => (row.disagreement === undefined ? [] : [`${result.size.toLocaleString('en-US')} records, ${row.id}: ${row.disagreement}`]))
}
