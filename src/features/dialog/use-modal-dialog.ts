import { useEffect, useRef } from 'react'

/**
 * A native `<dialog>` shown modally while `open`, closed when it is not; on closing, `onClose` runs
 * and focus goes back where it was when the dialog opened. `focusOnOpen`: a selector inside the
 * dialog to focus once it shows (else the browser's first focusable element).
 */
export function useModalDialog(open: boolean, onClose: () => void, focusOnOpen?: string) {
  const dialog = useRef<HTMLDialogElement>(null)
  const returnFocus = useRef<Element | null>(null)
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      returnFocus.current = document.activeElement
      element.showModal()
      if (focusOnOpen !== undefined) element.querySelector<HTMLElement>(focusOnOpen)?.focus()
    } else if (!open && element.open) {
      element.close()
    }
  }, [open, focusOnOpen])
  /** Focus back on what had it when the dialog opened, if it is still on the page. */
  const restoreFocus = () => {
    const previous = returnFocus.current
    if (previous instanceof HTMLElement && previous.isConnected) previous.focus()
  }
  /** The dialog's `onClose`. */
  const handleClose = () => {
    onClose()
    restoreFocus()
  }
  return { dialog, handleClose, restoreFocus }
}
