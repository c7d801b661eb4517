import { useId } from 'react'
import { pageSizeChoices, pageView, rangeText } from './paging.ts'
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './paging.css'
import { formatCount } from '../../query/locale-format.ts'

interface PagerProps {
  offset: number
  limit: number | undefined
  shown: number
  total?: number
  totalEstimated?: boolean
  onOffsetChange: (offset: number) => void
  onPageSizeChange: (pageSize: number) => void
  /** The records on screen are still the previous page's while this one loads. */
  pending?: boolean
  /** The pointer or focus reached Next page: a good moment to fetch it. */
  onNextIntent?: () => void
  /** The estimated total is the demo engine's, still counting (asked again until exact), not a server's estimate. */
  counting?: boolean
  /** The answer is the demo engine's: there is no server, and its estimates come from the part of a file loaded so far. */
  demo?: boolean
}

/** Who estimated the total, as the note after the range says it. */
function estimateNote(counting: boolean, demo: boolean): string {
  if (counting) return ', counting…'
  return demo ? ' (estimated by the demo engine from the part of the file loaded so far)' : ' (the server estimated this total)'
}

/** Offset paging: which records are shown, Previous/Next page and the page size (the `limit`). */
export function Pager({ offset, limit, shown, total, totalEstimated, onOffsetChange, onPageSizeChange, pending = false, onNextIntent, counting = false, demo = false }: PagerProps) {
  const sizeId = useId()
  const view = pageView({ offset, limit, shown, total, totalEstimated })
  return (
    <nav className="pager" aria-label="Pages">
      <p className="pager-range">
        {pending ? `Loading records from ${formatCount(offset + 1)}…` : rangeText(view, total, totalEstimated)}
        {totalEstimated && !pending ? <span className="pager-note">{estimateNote(counting, demo)}</span> : null}
      </p>
      <div className="pager-controls">
        <button type="button" className="button-secondary" disabled={!view.hasPrevious} onClick={() => onOffsetChange(view.previousOffset)}>
          Previous page
        </button>
        <button type="button" className="button-secondary" disabled={!view.hasNext}
          onClick={() => onOffsetChange(view.nextOffset)}
          onPointerEnter={onNextIntent}
          onFocus={onNextIntent}
        >
          Next page
        </button>
        <label htmlFor={sizeId} className="pager-size-label">
          Page size
        </label>
        <select id={sizeId} value={view.pageSize} onChange={(event) => onPageSizeChange(Number(event.target.value))}>
          {pageSizeChoices(view.pageSize).map((size) => (
            <option key={size} value={size}>
              {formatCount(size)}
            </option>
          ))}
        </select>
      </div>
    </nav>
  )
}
