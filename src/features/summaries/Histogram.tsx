import { useId } from 'react'
import type { Histogram as HistogramData } from '../../api/summaries/shown-summary.ts'
import { formatCount } from '../../query/locale-format.ts'

const WIDTH = 240
const HEIGHT = 64

/**
 * Bars of the bins as an image named `Histogram of <field>` (with `from N loaded records` when
 * `sample` says it is drawn from the loaded records only), described by the bins as text.
 */
export function Histogram({ field, histogram, sample }: { field: string; histogram: HistogramData; sample?: string }) {
  const describedBy = useId()
  const { bins } = histogram
  const most = Math.max(1, ...bins.map((bin) => bin.count))
  const step = WIDTH / Math.max(1, bins.length)
  const first = bins[0]
  const last = bins.at(-1)
  return (
    <figure className="summary-histogram">
      {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- bars drawn inline as SVG; an <img> would need a data URL */}
      <svg role="img" aria-label={`Histogram of ${field}${sample ? ` ${sample}` : ''}`} aria-describedby={describedBy} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none">
        {bins.map((bin, i) => {
          const height = bin.count === 0 ? 0 : Math.max(1.5, (bin.count / most) * HEIGHT)
          return <rect key={bin.label} x={i * step + 0.5} y={HEIGHT - height} width={Math.max(1, step - 1)} height={height} />
        })}
      </svg>
      {first && last ? (
        <figcaption className="summary-histogram-axis" aria-hidden="true">
          <span>{first.label}</span>
          {sample ? <span className="summary-approx">{sample}</span> : null}
          <span>{last.label}</span>
        </figcaption>
      ) : null}
      <p id={describedBy} className="visually-hidden">
        {bins.map((bin) => `${bin.label}: ${formatCount(bin.count)}`).join('; ')}
      </p>
    </figure>
  )
}
