import { useEffect, useId, useRef, useState, type FormEvent } from 'react'

interface FilterValueDialogProps {
  field: string
  onSubmit: (value: string) => void
  /** Called once the dialog has closed, whether a value was given or not. */
  onClose: () => void
}

/** Asks for the value to filter a column by (exact text, as filters match). */
export function FilterValueDialog({ field, onSubmit, onClose }: FilterValueDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const headingId = useId()
  const inputId = useId()
  const [value, setValue] = useState('')
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal?.()
  }, [])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    ref.current?.close()
    onSubmit(value)
  }
  return (
    <dialog ref={ref} className="filter-value-dialog" aria-labelledby={headingId} onClose={onClose}>
      <form onSubmit={submit}>
        <h2 id={headingId}>Filter {field}</h2>
        <label htmlFor={inputId}>Value of {field} (exact text)</label>
        <input id={inputId} type="text" required value={value} onChange={(event) => setValue(event.target.value)} autoFocus />
        <div className="filter-value-actions">
          <button type="button" className="button-secondary" onClick={() => ref.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="button-primary">
            Apply filter
          </button>
        </div>
      </form>
    </dialog>
  )
}
