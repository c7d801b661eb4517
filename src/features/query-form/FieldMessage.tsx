interface FieldMessageProps {
  id: string
  error?: string
  warning?: string
  hint?: string
}

/** The text under a control: its error, else its warning, else a hint. Referenced by aria-describedby. */
export function FieldMessage({ id, error, warning, hint }: FieldMessageProps) {
  if (error) return <p id={id} className="field-error">{error}</p>
  if (warning) return <p id={id} className="field-warning">{warning}</p>
  if (hint) return <p id={id} className="field-hint">{hint}</p>
  return null
}

export function describedBy(id: string, error?: string, warning?: string, hint?: string): string | undefined {
  return error || warning || hint ? id : undefined
}
