import { useEffect, useId, useRef, useState } from 'react'
import type { ProbeReport } from '../../api/probe.ts'
import type { ListsVerdict } from '../../api/server-formats.ts'
import type { Transport } from '../../api/transport.ts'
import { baseUrlError, tokenError } from '../../query/validate.ts'
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './probe.css'

interface ProbePanelProps {
  baseUrl: string
  resourceId: string
  token: string
  transport: Transport
  /** What the probe found about records_format lists at this base URL, for the queries that follow. */
  onListsVerdict?: (baseUrl: string, verdict: ListsVerdict) => void
}

type ProbeState = { phase: 'idle' } | { phase: 'running' } | { phase: 'done'; report: ProbeReport; target: string } | { phase: 'failed'; message: string }

/** `Probe this API` (live mode) and its findings in the `API probe` region. */
export function ProbePanel({ baseUrl, resourceId, token, transport, onListsVerdict }: ProbePanelProps) {
  const id = useId()
  const [state, setState] = useState<ProbeState>({ phase: 'idle' })
  const controller = useRef<AbortController | undefined>(undefined)
  useEffect(() => () => controller.current?.abort(), [])

  const probe = () => {
    const base = baseUrl.trim()
    const problem = baseUrlError(base) ?? tokenError(token)
    if (problem) return setState({ phase: 'failed', message: problem })
    if (resourceId.trim() === '') return setState({ phase: 'failed', message: 'Enter a resource ID: the probe reads one record of it.' })
    controller.current?.abort()
    const abort = new AbortController()
    controller.current = abort
    setState({ phase: 'running' })
    // The probe's code is loaded only when someone probes.
    import('../../api/probe.ts')
      .then(async ({ probeApi, listsVerdicts }) => {
        const report = await probeApi({ baseUrl: base, resourceId: resourceId.trim(), token }, transport, abort.signal)
        for (const verdict of listsVerdicts(report)) onListsVerdict?.(base, verdict)
        return report
      })
      .then(
        (report) => {
          if (!abort.signal.aborted) setState({ phase: 'done', report, target: base })
        },
        (error: unknown) => {
          if (!abort.signal.aborted) setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) })
        },
      )
  }

  return (
    <section className="panel probe-panel" aria-labelledby={`${id}-heading`}>
      <div className="probe-heading">
        <h2 id={`${id}-heading`}>API probe</h2>
        <button type="button" className="button-secondary" onClick={probe} disabled={state.phase === 'running'}>
          Probe this API
        </button>
      </div>
      <div aria-live="polite">
        {state.phase === 'idle' ? (
          <p className="field-hint">A few harmless one-record requests to the base URL above, to see how this server differs from the reference engine. The token is sent only if you entered one.</p>
        ) : null}
        {state.phase === 'running' ? <p className="field-hint">Probing…</p> : null}
        {state.phase === 'failed' ? <p className="field-error">{state.message}</p> : null}
        {state.phase === 'done' ? (
          <>
            <p className="probe-summary">{state.report.summary}</p>
            <dl className="probe-findings">
              {state.report.findings.map((finding) => (
                <div key={finding.topic} className={finding.likeReference === false ? 'probe-differs' : undefined}>
                  <dt>{finding.label}</dt>
                  <dd>
                    <strong>{finding.verdict}</strong>
                    <span className="probe-detail">{finding.detail}</span>
                  </dd>
                </div>
              ))}
            </dl>
            <p className="field-hint">Probed {state.target}</p>
          </>
        ) : null}
      </div>
    </section>
  )
}
