import { useId } from 'react'
import { Isolated } from '../features/safe-text/Isolated.tsx'
import type { IgnoredParam } from '../query/url-codec.ts'

interface LinkNoteProps {
  ignored: readonly IgnoredParam[]
  onDismiss: () => void
}

/** Says what an opened link carried that was not used, and why. */
export function LinkNote({ ignored, onDismiss }: LinkNoteProps) {
  const headingId = useId()
  if (ignored.length === 0) return null
  return (
    <section className="link-note" aria-labelledby={headingId}>
      <p id={headingId}>
        <strong>Parts of the link you opened were ignored.</strong> The rest of the query is in the form.
      </p>
      <ul>
        {ignored.map((item, index) => (
          <li key={`${index}-${item.param}`}>
            <code>
              <Isolated text={item.param} />
            </code>
            : <Isolated text={item.reason} />
          </li>
        ))}
      </ul>
      <button type="button" className="button-secondary" onClick={onDismiss}>
        Dismiss note
      </button>
    </section>
  )
}
