import { useId } from 'react'
import { TextField } from './TextField.tsx'

export interface ResourceChoice {
  id: string
  title: string
  description?: string
}

interface ResourceIdFieldProps {
  value: string
  onChange: (value: string) => void
  /** Resources to suggest (the demo resources in demo mode). */
  choices: readonly ResourceChoice[]
  error?: string
  warning?: string
}

/** The Resource ID input, with the known resources offered as suggestions (title and id). */
export function ResourceIdField({ value, onChange, choices, error, warning }: ResourceIdFieldProps) {
  const listId = useId()
  const chosen = choices.find((choice) => choice.id === value.trim())
  const hint = chosen
    ? `${chosen.title}${chosen.description ? `: ${chosen.description}` : ''}`
    : choices.length > 0
      ? 'Pick one of the demo resources, or paste the id of your own.'
      : undefined
  return (
    <>
      <TextField
        label="Resource ID"
        className="field-resource"
        value={value}
        onValueChange={onChange}
        error={error}
        warning={warning}
        hint={hint}
        list={choices.length > 0 ? listId : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="e.g. d2a1e7a0-6b0c-4e55-9a57-2f3c5c1f1e01"
      />
      {choices.length > 0 ? (
        <datalist id={listId}>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id} label={choice.title}>
              {choice.title}
            </option>
          ))}
        </datalist>
      ) : null}
    </>
  )
}
