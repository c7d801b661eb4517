import { useId, useState } from 'react'
import { Isolated } from '../safe-text/Isolated.tsx'
import { describedBy, FieldMessage } from './FieldMessage.tsx'

interface TokenFieldProps {
  token: string
  onTokenChange: (token: string) => void
  remember: boolean
  onRememberChange: (remember: boolean) => void
  warning?: string
  error?: string
  keptNote?: { here: string; there: string }
}

/** The API token: a password input with a show/hide toggle and an opt-in "remember for this tab". */
export function TokenField({ token, onTokenChange, remember, onRememberChange, warning, error, keptNote }: TokenFieldProps) {
  const id = useId()
  const messageId = `${id}-message`
  const noteId = `${id}-origin`
  const [visible, setVisible] = useState(false)
  const hint = 'Sent as the Authorization header. Never put in the link or saved, unless you tick the box.'
  return (
    <div className="field field-token">
      <label htmlFor={id}>API token</label>
      <div className="input-with-button">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          value={token}
          onChange={(event) => onTokenChange(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={[keptNote ? noteId : undefined, describedBy(messageId, error, warning, hint)].filter(Boolean).join(' ') || undefined}
        />
        <button type="button" className="button-secondary" aria-pressed={visible} onClick={() => setVisible(!visible)}>
          {visible ? 'Hide token' : 'Show token'}
        </button>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={remember} onChange={(event) => onRememberChange(event.target.checked)} />
        <span>Remember for this tab</span>
      </label>
      {/* Kept in the page (empty when there is nothing to say) so that the change of origin is read out. */}
      <p id={noteId} className="token-origin-note" aria-live="polite">
        {keptNote ? (
          <>
            No token for <Isolated text={keptNote.here} />; your token for <Isolated text={keptNote.there} /> is kept for it.
          </>
        ) : null}
      </p>
      <FieldMessage id={messageId} error={error} warning={warning} hint={hint} />
    </div>
  )
}
