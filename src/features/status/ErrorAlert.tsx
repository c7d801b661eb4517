export interface AlertContent {
  title: string
  message: string
  /** What the user can do about it. */
  hint?: string
}

interface ErrorAlertProps {
  error: AlertContent | null
  /** A button that fixes the problem (e.g. Reset view), shown under the hint. */
  action?: { label: string; onAction: () => void }
}

/** The `alert` region. It is always in the page (empty when all is well) so errors never move the layout. */
export function ErrorAlert({ error, action }: ErrorAlertProps) {
  return (
    <div role="alert" className={error ? 'error-alert has-error' : 'error-alert'}>
      {error ? (
        <>
          <p className="error-title">{error.title}</p>
          <p className="error-message">{error.message}</p>
          {error.hint ? <p className="error-hint">{error.hint}</p> : null}
          {action ? (
            <button type="button" className="button-secondary button-small error-action" onClick={action.onAction}>
              {action.label}
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  )
}
