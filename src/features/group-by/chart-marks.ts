// The chart of a grouping as Observable Plot options: bars for text keys, a line for date bins, a
// histogram for a numeric key, a scatter of sampled records for two numeric keys. Loaded with the chart.
import * as Plot from '@observablehq/plot'
import type { GroupAnswer } from '../../api/group-by/group-options.ts'
import type { Grouping } from '../../query/grouping.ts'
import { binDate, formatNumber, keyLabel, measureLabel } from './group-text.ts'

export type KeyKind = 'number' | 'date' | 'text' | 'nested'

const BAR_HEIGHT = 22
const MAX_LABEL = 22
const short = (text: string) => (text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text)
const tickNumber = (value: number) => formatNumber(value)

export interface ChartInput {
  answer: GroupAnswer
  grouping: Grouping
  keyKind: KeyKind
  scatter: boolean
  width: number
}

/** What the chart draws, in words under it (the sample and its size, or that a histogram has only the groups shown). */
export function chartNote({ answer, grouping, keyKind, scatter }: Omit<ChartInput, 'width'>): string | undefined {
  const { sample, other } = answer.result
  if (scatter && sample) return `A scatter of ${formatNumber(sample.size)} records sampled evenly from ${formatNumber(sample.of)} ${answer.scope.kind === 'loaded' ? 'loaded' : 'matching'} records (records with both values).`
  if (keyKind === 'number' && grouping.keys.length === 1 && !grouping.keys[0]?.unit && other) return 'The histogram shows the groups in the table; the other row is left out.'
  return undefined
}

export function chartOptions({ answer, grouping, keyKind, scatter, width }: ChartInput): Plot.PlotOptions {
  const measure = measureLabel(grouping)
  const [first, second] = grouping.keys
  const base: Plot.PlotOptions = {
    width,
    style: { background: 'transparent', color: 'currentColor', fontSize: '12px', overflow: 'visible' },
  }
  const rows = answer.result.rows
  if (scatter && answer.result.sample && first && second) {
    return {
      ...base,
      height: Math.min(420, Math.max(240, width * 0.6)),
      grid: true,
      x: { label: first.field, tickFormat: tickNumber },
      y: { label: second.field, tickFormat: tickNumber },
      marks: [Plot.dot(answer.result.sample.points, { x: (point: [number, number]) => point[0], y: (point: [number, number]) => point[1], r: 2, fillOpacity: 0.45, fill: 'currentColor', className: 'group-mark' })],
    }
  }
  if (first?.unit) {
    const unit = first.unit
    const data = rows
      .map((row) => ({ x: typeof row.keys[0] === 'string' ? binDate(row.keys[0], unit) : undefined, y: row.value, z: second ? keyLabel(row.keys[1], second) : '' }))
      .filter((point) => point.x !== undefined && point.y !== null)
    return {
      ...base,
      height: 280,
      marginLeft: 64,
      grid: true,
      x: { type: 'utc', label: `${first.field} (${unit})` },
      y: { label: measure, tickFormat: tickNumber, zero: grouping.measure === 'count' || grouping.measure === 'sum' },
      color: second ? { legend: true, label: second.field } : undefined,
      marks: [
        Plot.lineY(data, { x: 'x', y: 'y', z: second ? 'z' : undefined, stroke: second ? 'z' : 'currentColor', strokeWidth: 2, className: 'group-mark', curve: 'linear' }),
        Plot.dot(data, { x: 'x', y: 'y', fill: second ? 'z' : 'currentColor', r: data.length > 60 ? 0 : 2.5, className: 'group-mark' }),
      ],
    }
  }
  if (keyKind === 'number' && !second) {
    const data = rows.filter((row) => typeof row.keys[0] === 'number' && row.value !== null).map((row) => ({ x: row.keys[0] as number, y: row.value as number }))
    const additive = grouping.measure === 'count' || grouping.measure === 'sum'
    // each group's measure is summed into its bin (`y` is the sum reducer's input)
    const weighted = { x: 'x', y: 'y', thresholds: 20, fill: 'currentColor', className: 'group-mark', inset: 0.5 } as Plot.BinXInputs<Plot.RectYOptions>
    return {
      ...base,
      height: 260,
      marginLeft: 64,
      grid: true,
      x: { label: first?.field, tickFormat: tickNumber },
      y: { label: measure, tickFormat: tickNumber },
      marks: additive
        ? [Plot.rectY(data, Plot.binX({ y: 'sum' }, weighted)), Plot.ruleY([0])]
        : [Plot.ruleX(data, { x: 'x', y: 'y', stroke: 'currentColor', strokeOpacity: 0.5 }), Plot.dot(data, { x: 'x', y: 'y', fill: 'currentColor', r: 3, className: 'group-mark' })],
    }
  }
  // bars: one per first key in the table's order, stacked by the second key
  const data = rows.filter((row) => row.value !== null).map((row) => ({ y: short(first ? keyLabel(row.keys[0], first) : ''), x: row.value as number, z: second ? keyLabel(row.keys[1], second) : '' }))
  const labels = [...new Set(data.map((bar) => bar.y))]
  const longest = Math.max(4, ...labels.map((label) => label.length))
  return {
    ...base,
    height: labels.length * BAR_HEIGHT + 48,
    marginLeft: Math.min(width * 0.4, longest * 7 + 12),
    marginRight: 24,
    x: { label: measure, tickFormat: tickNumber, grid: true },
    y: { label: null, domain: labels },
    color: second ? { legend: true, label: second.field } : undefined,
    marks: [Plot.barX(data, { y: 'y', x: 'x', fill: second ? 'z' : 'currentColor', className: 'group-mark', inset: 1 }), Plot.ruleX([0])],
  }
}

export function renderChart(input: ChartInput): SVGSVGElement | HTMLElement {
  return Plot.plot(chartOptions(input))
}
