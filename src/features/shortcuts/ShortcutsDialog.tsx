import { useId } from 'react'
import { useModalDialog } from '../dialog/use-modal-dialog.ts'
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
  const { dialog, handleClose } = useModalDialog(open, onClose)

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
