import { useEffect, useRef, useState } from 'react'
import type { SearchDeps } from '../../api/datastore-search.ts'
import type { QueryState } from '../../query/types.ts'
import { exportFileName } from './file-name.ts'
import { EXPORT_FORMATS, type ExportFormat } from './formats.ts'
import { EXPORT_MAX_RECORDS, runExport, type ExportOutcome, type ExportProgress } from './run-export.ts'
import { ExportMenu } from './ExportMenu.tsx'
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './export.css'
import { formatCount } from '../../query/locale-format.ts'

interface ExportControlProps {
  query: QueryState
  deps: SearchDeps
  /** What the file is named after: the resource's title when known, else its id. */
  resourceName: string
}

type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; format: ExportFormat; progress: ExportProgress }
  | { phase: 'done'; message: string }
  | { phase: 'failed'; message: string }


function doneMessage(outcome: ExportOutcome, fileName: string): string {
  const saved = `Exported ${formatCount(outcome.exported)} record${outcome.exported === 1 ? '' : 's'} to ${fileName}.`
  if (!outcome.truncated) return saved
  const matched = outcome.total === undefined || outcome.totalWasEstimated ? 'More records match' : `${formatCount(outcome.total)} records match`
  return `${saved} ${matched}; only the first ${formatCount(EXPORT_MAX_RECORDS)} are exported. Narrow the query to export the rest.`
}

function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // The download has taken its copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** "Export": the whole result of the executed query as CSV, JSON or NDJSON, with progress and cancel. */
export function ExportControl({ query, deps, resourceName }: ExportControlProps) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' })
  const controller = useRef<AbortController | undefined>(undefined)
  useEffect(() => () => controller.current?.abort(), [])

  const start = (format: ExportFormat) => {
    controller.current?.abort()
    const abort = new AbortController()
    controller.current = abort
    const fileName = exportFileName(resourceName, format, new Date())
    setState({ phase: 'running', format, progress: { done: 0 } })
    runExport(query, deps, format, { signal: abort.signal, onProgress: (progress) => setState({ phase: 'running', format, progress }) }).then(
      (outcome) => {
        if (abort.signal.aborted) return
        download(outcome.blob, fileName)
        setState({ phase: 'done', message: doneMessage(outcome, fileName) })
      },
      (error: unknown) => {
        if (abort.signal.aborted) return
        const message = error instanceof Error ? error.message : String(error)
        setState({ phase: 'failed', message: `The export stopped: ${message}` })
      },
    )
  }

  const cancel = () => {
    controller.current?.abort()
    setState({ phase: 'done', message: 'Export cancelled; no file was saved.' })
  }

  const running = state.phase === 'running'
  const label = running ? EXPORT_FORMATS.find((entry) => entry.format === state.format)?.label : undefined
  return (
    <div className="export-control">
      <div className="export-row">
        <ExportMenu disabled={running} onChoose={start} />
        <span className="export-limit">Whole result, up to {formatCount(EXPORT_MAX_RECORDS)} records</span>
      </div>
      {running ? (
        <div className="export-row">
          <progress
            className="export-progress"
            aria-label={`Exporting ${label}`}
            max={state.progress.expected || 1}
            value={state.progress.expected ? state.progress.done : undefined}
          />
          <span className="export-count">{formatCount(state.progress.done)} records</span>
          <button type="button" className="button-secondary" onClick={cancel}>
            Cancel export
          </button>
        </div>
      ) : null}
      {/* Not role=status: the page's one status region is the query summary. */}
      <p className={state.phase === 'failed' ? 'export-message field-error' : 'export-message'} aria-live="polite">
        {state.phase === 'done' || state.phase === 'failed' ? state.message : ''}
      </p>
    </div>
  )
}
