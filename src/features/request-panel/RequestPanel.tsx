import { Isolated } from '../safe-text/Isolated.tsx'
import { useId } from 'react'
import { useCopy } from './use-copy.ts'
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './request-panel.css'

export interface ShownRequest {
  method: string
  url: string
  headers: ReadonlyArray<readonly [string, string]>
  body?: string
}

interface RequestPanelProps {
  /** The request as it is sent, with the token already replaced by a placeholder unless revealed. */
  request: ShownRequest | null
  /** Why there is no request to show (e.g. the form has an error). */
  unavailable?: string
  hasToken: boolean
  revealToken: boolean
  onRevealTokenChange: (reveal: boolean) => void
  shareLink: string
  /** Snippets of the same request, token as a placeholder unless revealed; empty when unavailable. */
  snippets: Snippets
  /** Said beside the copy buttons (demo mode: the code needs a live server). */
  note?: string
}

export interface Snippets {
  curl: string
  fetch: string
  python: string
  r: string
}

const SNIPPET_BUTTONS = [
  { key: 'curl', label: 'Copy as curl', what: 'curl command' },
  { key: 'fetch', label: 'Copy as fetch', what: 'JavaScript fetch code' },
  { key: 'python', label: 'Copy as Python', what: 'Python code' },
  { key: 'r', label: 'Copy as R', what: 'R code' },
] as const satisfies ReadonlyArray<{ key: keyof Snippets; label: string; what: string }>

/** The exact HTTP request of the current query, and the Copy link / Copy as curl (fetch, Python, R) buttons. */
export function RequestPanel(props: RequestPanelProps) {
  const { request, unavailable, hasToken, revealToken, onRevealTokenChange, shareLink, snippets, note } = props
  const headingId = useId()
  const { message, copy } = useCopy()
  return (
    <section className="panel request-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Request</h2>
      <div className="copy-buttons">
        <button type="button" className="button-secondary button-small" onClick={() => copy(shareLink, 'link')} disabled={shareLink === ''}>
          Copy link
        </button>
        {SNIPPET_BUTTONS.map(({ key, label, what }) => (
          <button
            key={key}
            type="button"
            className="button-secondary button-small"
            onClick={() => copy(snippets[key], what)}
            disabled={snippets[key] === ''}
          >
            {label}
          </button>
        ))}
      </div>
      {note ? <p className="field-hint request-note">{note}</p> : null}
      {request ? (
        <div className="request-view">
          <p className="request-line">
            <span className="request-method">{request.method}</span> <span className="request-url">
              <Isolated text={request.url} />
            </span>
          </p>
          {request.headers.length > 0 ? (
            <dl className="request-headers">
              {request.headers.map(([name, value]) => (
                <div key={name} className="request-header">
                  <dt>{name}:</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {request.body !== undefined ? (
            <pre className="request-body">
              <Isolated text={request.body} keepLines />
            </pre>
          ) : null}
        </div>
      ) : (
        <p className="request-unavailable">{unavailable ?? 'Fill in the form to see the request.'}</p>
      )}
      {hasToken ? (
        <label className="checkbox">
          <input type="checkbox" checked={revealToken} onChange={(event) => onRevealTokenChange(event.target.checked)} />
          <span>Show the token here and in copied code</span>
        </label>
      ) : null}
      <p className="copy-message" aria-live="polite">
        {message}
      </p>
    </section>
  )
}
