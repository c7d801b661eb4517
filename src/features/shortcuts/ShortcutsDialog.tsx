import { useEffect, useId, useRef } from 'react'
import { SHORTCUTS } from './shortcut-keys.ts'
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './shortcuts.css'

interface ShortcutsDialogProps {
  open: boolean
  onClose: () => void
}

/** The `Keyboard shortcuts` dialog: modal, Esc or Close closes it, focus returns where it was. */
export function ShortcutsDialog({ open, onClose }: ShortcutsDialogProps) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const returnFocus = useRef<Element | null>(null)
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      returnFocus.current = document.activeElement
      element.showModal()
    } else if (!open && element.open) {
      element.close()
    }
  }, [open])

  const handleClose = () => {
    onClose()
    const previous = returnFocus.current
    if (previous instanceof HTMLElement && previous.isConnected) previous.focus()
  }

  return (
    <dialog ref={dialog} className="shortcuts-dialog" aria-labelledby={`${id}-title`} onClose={handleClose}>
      <h2 id={`${id}-title`}>Keyboard shortcuts</h2>
      <table className="shortcuts-table">
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">What they do</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map(({ keys, does }) => (
            <tr key={does}>
              <td>
                {keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 ? ' + ' : null}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </td>
              <td>{does}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="field-hint">Enter in any field of the form also runs the query.</p>
      <form method="dialog">
        <button type="submit" className="button-primary">
          Close
        </button>
      </form>
    </dialog>
  )
}
