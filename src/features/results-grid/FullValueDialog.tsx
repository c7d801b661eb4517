import { useEffect, useId, useRef } from 'react'

interface FullValueDialogProps {
  value: string
  onClose: () => void
}

/** A modal that shows one complete cell value as text. Esc or the button closes it. */
export function FullValueDialog({ value, onClose }: FullValueDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const headingId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal?.()
  }, [])
  return (
    // Esc and the button both close the dialog natively; `close` fires once it is closed, so focus can return.
    <dialog ref={ref} className="full-value" aria-labelledby={headingId} onClose={onClose}>
      <h2 id={headingId}>Full value</h2>
      <pre>{value}</pre>
      <button type="button" className="button-secondary" onClick={() => ref.current?.close()} autoFocus>
        Close
      </button>
    </dialog>
  )
}
