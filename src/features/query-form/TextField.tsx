import { useId, type InputHTMLAttributes } from 'react'
import { describedBy, FieldMessage } from './FieldMessage.tsx'

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: string
  value: string
  onValueChange: (value: string) => void
  error?: string
  warning?: string
  hint?: string
  className?: string
}

/** A labelled input with its message beside it; an error sets aria-invalid. */
export function TextField({ label, value, onValueChange, error, warning, hint, className, ...inputProps }: TextFieldProps) {
  const id = useId()
  const messageId = `${id}-message`
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <input
        {...inputProps}
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(messageId, error, warning, hint)}
      />
      <FieldMessage id={messageId} error={error} warning={warning} hint={hint} />
    </div>
  )
}
