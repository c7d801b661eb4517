import type { ShownSummary } from '../../api/summaries/shown-summary.ts'
import { Histogram } from './Histogram.tsx'
import { formatCount } from '../../query/locale-format.ts'
import { formatShare, formatValue, scopeLine, shownParts } from './summary-text.ts'

interface FieldSummaryViewProps {
  shown: ShownSummary
  onFilter: (field: string, value: string) => void
}

/** One field's summary: scope, counts, top values as bars (each filters), range and histogram. */
export function FieldSummaryView({ shown, onFilter }: FieldSummaryViewProps) {
  const { summary } = shown
  const parts = shownParts(shown)
  const exact = (part: (typeof parts)[number]) => shown.exact.includes(part)
  const whole = (part: (typeof parts)[number]) => (exact(part) && shown.matching !== undefined ? shown.matching : shown.loaded)
  const topWhole = whole('top')
  const topMost = Math.max(1, ...summary.top.map((value) => value.count))
  // Top values that each occur once (ids, codes) say nothing: that no value repeats is said instead.
  const allDifferent = summary.top.length > 1 && topMost === 1
  return (
    <>
      <p className="summary-scope">{scopeLine(shown, parts)}</p>
      <dl className="summary-counts">
        <div>
          <dt>distinct</dt>
          <dd>{formatCount(summary.distinct)}</dd>
        </div>
        <div>
          <dt>empty</dt>
          <dd>
            {formatCount(summary.empty)} <span className="summary-share">({formatShare(summary.empty, whole('empty'))})</span>
          </dd>
        </div>
        {summary.min !== undefined ? (
          <div>
            <dt>min</dt>
            <dd>{formatValue(summary.min)}</dd>
          </div>
        ) : null}
        {summary.max !== undefined ? (
          <div>
            <dt>max</dt>
            <dd>{formatValue(summary.max)}</dd>
          </div>
        ) : null}
        {summary.mean !== undefined ? (
          <div>
            <dt>mean</dt>
            <dd>{formatValue(summary.mean)}</dd>
          </div>
        ) : null}
      </dl>
      {summary.histogram && summary.histogram.bins.length > 0 ? <Histogram field={summary.field} histogram={summary.histogram} /> : null}
      {allDifferent ? (
        <p className="summary-note">{exact('top') ? 'No value repeats.' : `No value repeats in the ${formatCount(shown.loaded)} loaded records.`}</p>
      ) : summary.top.length > 0 ? (
        <ul className="summary-top" aria-label={`Top values of ${summary.field}`}>
          {summary.top.map((value) => (
            <li key={value.text}>
              <button type="button" className="summary-value" aria-label={`Filter ${summary.field} = ${value.text}`} onClick={() => onFilter(summary.field, value.text)}>
                <span className="summary-bar" style={{ width: `${(value.count / topMost) * 100}%` }} aria-hidden="true" />
                <span className="summary-value-text">{formatValue(value.value)}</span>
                <span className="summary-value-count">
                  {formatCount(value.count)} <span className="summary-share">{formatShare(value.count, topWhole)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  )
}
