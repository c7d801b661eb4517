import { useEffect, useId, useRef } from 'react'
import { useCopy } from '../request-panel/use-copy.ts'
import { recordJson, recordLines, recordTitle, type RecordField } from './record-view.ts'
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './row-detail.css'
import { formatCount } from '../../query/locale-format.ts'

interface RecordPanelProps {
  fields: readonly RecordField[]
  record: Readonly<Record<string, unknown>>
  /** The record's row in display order. */
  position: number
  count: number
  /** -1 or `count` ask for the previous or next page's record (only offered when there is such a page). */
  onNavigate: (position: number) => void
  hasPreviousPage?: boolean
  hasNextPage?: boolean
  /** Adds a filter chip `field = value` and runs the query. */
  onFilterByValue?: (field: string, value: string) => void
  /** Called once the panel has closed (Esc or Close), so focus can go back to the row. */
  onClose: () => void
}

/** A side panel (modal dialog) with every field of one record, its JSON, copy buttons and record navigation. */
export function RecordPanel({ fields, record, position, count, onNavigate, hasPreviousPage = false, hasNextPage = false, onFilterByValue, onClose }: RecordPanelProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const headingId = useId()
  const { message, copy } = useCopy()
  const title = recordTitle(record, position)
  const lines = recordLines(fields, record)
  const canGoBack = position > 0 || hasPreviousPage
  const canGoOn = position < count - 1 || hasNextPage
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal?.()
  }, [])

  return (
    // Esc closes the dialog natively; `close` fires once it is closed, so focus can return to the row.
    <dialog ref={ref} className="record-panel" aria-labelledby={headingId} onClose={onClose}>
      <header className="record-head">
        <h2 id={headingId}>{title}</h2>
        <button type="button" className="button-secondary" onClick={() => ref.current?.close()} autoFocus>
          Close
        </button>
      </header>
      <nav className="record-nav" aria-label="Records">
        <button type="button" className="button-secondary" aria-disabled={!canGoBack} onClick={() => canGoBack && onNavigate(position - 1)}>
          Previous record
        </button>
        <span className="record-position">
          {formatCount(position + 1)} of {formatCount(count)} on this page
        </span>
        <button type="button" className="button-secondary" aria-disabled={!canGoOn} onClick={() => canGoOn && onNavigate(position + 1)}>
          Next record
        </button>
      </nav>
      <dl className="record-fields">
        {lines.map((line) => (
          <div key={line.field} className="record-field">
            <dt>
              {line.label ? <span className="record-field-label">{line.label}</span> : null}
              <span className="record-field-name">{line.field}</span> <span className="record-field-type">{line.type}</span>
              {line.notes ? <span className="record-field-notes">{line.notes}</span> : null}
            </dt>
            <dd>
              {line.kind === 'json' ? <pre className="record-value">{line.text}</pre> : <span className={`record-value record-${line.kind}`}>{line.kind === 'empty' ? 'empty' : line.text}</span>}
              <span className="record-actions">
                <button type="button" className="record-action" aria-label={`Copy ${line.field}`} onClick={() => copy(line.text, `value of ${line.field}`)}>
                  Copy
                </button>
                {onFilterByValue && line.filterValue !== undefined ? (
                  <button type="button" className="record-action" aria-label={`Filter by this value: ${line.field}`} onClick={() => onFilterByValue(line.field, line.filterValue ?? '')}>
                    Filter
                  </button>
                ) : null}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <section className="record-json" aria-label="JSON">
        <div className="record-json-head">
          <h3>JSON</h3>
          <button type="button" className="button-secondary" onClick={() => copy(recordJson(record), 'record as JSON')}>
            Copy JSON
          </button>
        </div>
        {/* Focusable, so a keyboard can scroll a long record (the arrow keys scroll what has focus). */}
        {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard */}
        <pre tabIndex={0}>{recordJson(record)}</pre>
      </section>
      <p className="record-copy-message" aria-live="polite">
        {message}
      </p>
    </dialog>
  )
}
