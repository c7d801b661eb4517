import { useId } from 'react'

interface RadioGroupProps<T extends string> {
  label: string
  value: T
  options: ReadonlyArray<{ value: T; label: string }>
  onChange: (value: T) => void
  /** An option is pointed at or focused, before it may be chosen (to get ready for it). */
  onOptionIntent?: (value: T) => void
  className?: string
}

/** A radio group named by its legend (role radiogroup), e.g. "Source" or "Method". */
export function RadioGroup<T extends string>({ label, value, options, onChange, onOptionIntent, className }: RadioGroupProps<T>) {
  const id = useId()
  return (
    <fieldset role="radiogroup" aria-labelledby={`${id}-legend`} className={className ? `radio-group ${className}` : 'radio-group'}>
      <legend id={`${id}-legend`}>{label}</legend>
      <div className="radio-options">
        {options.map((option) => (
          <label key={option.value} className="radio-option" onPointerEnter={onOptionIntent && (() => onOptionIntent(option.value))}>
            <input
              type="radio"
              name={id}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              onFocus={onOptionIntent && (() => onOptionIntent(option.value))}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
