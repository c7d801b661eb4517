import type { CellValue, ShownSummary } from '../../api/summaries/shown-summary.ts'
import { Histogram } from './Histogram.tsx'
import { formatCount } from '../../query/locale-format.ts'
import { formatShare, formatValue, fullNumber, roundedNumber, scopeLine, shownParts } from './summary-text.ts'

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
  const fromLoaded = `from ${formatCount(shown.loaded)} loaded records`
  return (
    <>
      <p className="summary-scope">{scopeLine(shown, parts)}</p>
      <dl className="summary-counts">
        <div>
          <dt>distinct</dt>
          <dd>
            <Figure text={formatCount(summary.distinct)} exact={exact('distinct')} fromLoaded={fromLoaded} />
          </dd>
        </div>
        <div>
          <dt>empty</dt>
          <dd>
            <Figure text={formatCount(summary.empty)} exact={exact('empty')} fromLoaded={fromLoaded} />{' '}
            <span className="summary-share">({formatShare(summary.empty, whole('empty'))})</span>
          </dd>
        </div>
        {summary.min !== undefined ? (
          <div>
            <dt>min</dt>
            <dd>
              <Figure text={formatValue(summary.min)} exact={exact('range')} fromLoaded={fromLoaded} />
            </dd>
          </div>
        ) : null}
        {summary.max !== undefined ? (
          <div>
            <dt>max</dt>
            <dd>
              <Figure text={formatValue(summary.max)} exact={exact('range')} fromLoaded={fromLoaded} />
            </dd>
          </div>
        ) : null}
        {summary.mean !== undefined ? (
          <div>
            <dt>mean</dt>
            <dd>
              <Mean value={summary.mean} exact={exact('mean')} fromLoaded={fromLoaded} />
            </dd>
          </div>
        ) : null}
      </dl>
      {summary.histogram && summary.histogram.bins.length > 0 ? (
        <Histogram field={summary.field} histogram={summary.histogram} sample={exact('histogram') ? undefined : fromLoaded} />
      ) : null}
      {allDifferent ? (
        <p className="summary-note">{exact('top') ? 'No value repeats.' : `No value repeats in the ${formatCount(shown.loaded)} loaded records.`}</p>
      ) : summary.top.length > 0 ? (
        <ul className="summary-top" aria-label={`Top values of ${summary.field}`}>
          {summary.top.map((value) => {
            const counted = `${exact('top') ? '' : '≈ '}${formatCount(value.count)}`
            const share = formatShare(value.count, topWhole)
            const name = `Filter ${summary.field} = ${value.text}: ${counted} ${value.count === 1 ? 'record' : 'records'}, ${share}${exact('top') ? '' : `, ${fromLoaded}`}`
            return (
              <li key={value.text}>
                <button type="button" className="summary-value" aria-label={name} onClick={() => onFilter(summary.field, value.text)}>
                  <span className="summary-bar" style={{ width: `${(value.count / topMost) * 100}%` }} aria-hidden="true" />
                  <span className="summary-value-text">{formatValue(value.value)}</span>
                  <span className="summary-value-count">
                    {counted} <span className="summary-share">{share}</span>
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      ) : null}
    </>
  )
}

/** A figure as shown: exact as it is; from the loaded records marked `≈`, and said so to a screen reader. */
function Figure({ text, exact, fromLoaded }: { text: string; exact: boolean; fromLoaded: string }) {
  if (exact) return <>{text}</>
  return (
    <span className="summary-approx" title={fromLoaded}>
      ≈ {text}
      <span className="visually-hidden"> {fromLoaded}</span>
    </span>
  )
}

/** The mean: a computed number, shown to two decimals and said to be rounded, the full value at hand. */
function Mean({ value, exact, fromLoaded }: { value: CellValue; exact: boolean; fromLoaded: string }) {
  if (typeof value !== 'number') return <Figure text={formatValue(value)} exact={exact} fromLoaded={fromLoaded} />
  const { text, rounded } = roundedNumber(value)
  if (!exact) return <Figure text={text} exact={false} fromLoaded={fromLoaded} />
  if (!rounded) return <>{text}</>
  return (
    <span title={fullNumber(value)}>
      {text} <span className="summary-share">(rounded)</span>
      <span className="visually-hidden">, exactly {fullNumber(value)}</span>
    </span>
  )
}
