import { statusText, type StatusSummary } from './status-text.ts'
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './status.css'

interface StatusBarProps {
  summary: StatusSummary
  /** Present while a query runs: the Cancel button calls it. */
  onCancel?: () => void
}

/** The `status` live region with the query summary, and a Cancel button while a query runs. */
export function StatusBar({ summary, onCancel }: StatusBarProps) {
  const { progress } = summary
  return (
    <div className="status-bar">
      <output className={`status-text status-${summary.phase}`}>{statusText(summary)}</output>
      {summary.phase === 'loading' && progress && progress.total > 0 ? (
        <progress className="status-progress" max={progress.total} value={progress.done} aria-label="Preparing the demo resource" />
      ) : null}
      {onCancel ? (
        <button type="button" className="button-secondary" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  )
}
