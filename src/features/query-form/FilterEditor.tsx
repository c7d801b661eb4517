import { memo, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { FilterClause } from '../../query/types.ts'
import { describedBy, FieldMessage } from './FieldMessage.tsx'
import { addFilterValue, removeFilterValue } from './filter-ops.ts'
import { FilterChips } from './FilterChips.tsx'
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './filters.css'

interface FilterEditorProps {
  filters: readonly FilterClause[]
  onFiltersChange: (filters: FilterClause[]) => void
  /** Enter in a filter input: run the query with these filters (the pending chip included). */
  onRun: (filters: FilterClause[]) => void
  /** Field names to suggest (from the last result). */
  fieldSuggestions: readonly string[]
  /** A message about the filters as a whole (e.g. the server's 409 on `filters`). */
  error?: string
  /** A caution about the filters as a whole (e.g. an unusual field name). */
  warning?: string
}

type Problem = { on: 'field' | 'value'; message: string }

/** Enough suggestions for any real resource; a hostile answer of 10,000 fields must not cost 10,000 options. */
const SUGGESTIONS_MAX = 1000

/** The field names offered while typing a filter field; drawn again only when the names change, not per key. */
const FieldSuggestions = memo(function FieldSuggestions({ id, names }: { id: string; names: readonly string[] }) {
  return (
    <datalist id={id}>
      {names.slice(0, SUGGESTIONS_MAX).map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </datalist>
  )
})

/** Filter field / Filter value inputs, the Add filter button and the removable chips. */
export function FilterEditor({ filters, onFiltersChange, onRun, fieldSuggestions, error, warning }: FilterEditorProps) {
  const id = useId()
  const [field, setField] = useState('')
  const [value, setValue] = useState('')
  const [problem, setProblem] = useState<Problem | null>(null)
  const valueInput = useRef<HTMLInputElement>(null)
  const [keptField, setKeptField] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  // The suggestions are drawn once the field is first used: an answer of thousands of fields would
  // otherwise add a thousand options to the page with every new answer, for a list seldom opened.
  const [suggesting, setSuggesting] = useState(false)
  const fieldMessageId = `${id}-field-message`
  const valueMessageId = `${id}-value-message`
  const groupMessageId = `${id}-group-message`
  const fieldError = problem?.on === 'field' ? problem.message : undefined
  const valueError = problem?.on === 'value' ? problem.message : undefined
  const groupWarning = notice ?? warning

  /** Adds the typed chip; returns the new filters, or undefined when the input has a problem. */
  const addPending = (): FilterClause[] | undefined => {
    const result = addFilterValue(filters, field, value)
    if (!result.ok) {
      setProblem({ on: result.problem, message: result.message })
      return undefined
    }
    setProblem(null)
    setNotice(result.warning ?? null)
    // The field stays for the next value (several values of one field = any of them).
    setKeptField(field)
    setValue('')
    valueInput.current?.focus()
    onFiltersChange(result.filters)
    return result.filters
  }

  const handleEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
    event.preventDefault()
    // Nothing new typed (the field may still hold the one kept from the last chip): just run.
    if (value === '' && (field === '' || field === keptField)) {
      onRun([...filters])
      return
    }
    const next = addPending()
    if (next) onRun(next)
  }

  return (
    <fieldset className="filter-editor" aria-describedby={error || groupWarning ? groupMessageId : undefined}>
      <legend>Filters</legend>
      <div className="filter-inputs">
        <div className="field">
          <label htmlFor={`${id}-field`}>Filter field</label>
          <input
            id={`${id}-field`}
            value={field}
            list={fieldSuggestions.length > 0 ? `${id}-fields` : undefined}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setField(event.target.value)
              if (problem?.on === 'field') setProblem(null)
            }}
            onKeyDown={handleEnter}
            onFocus={() => setSuggesting(true)}
            aria-invalid={fieldError || error ? true : undefined}
            aria-describedby={fieldError ? fieldMessageId : error ? groupMessageId : undefined}
          />
          <FieldMessage id={fieldMessageId} error={fieldError} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-value`}>Filter value</label>
          <input
            id={`${id}-value`}
            ref={valueInput}
            value={value}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setValue(event.target.value)
              if (problem?.on === 'value') setProblem(null)
            }}
            onKeyDown={handleEnter}
            aria-invalid={valueError ? true : undefined}
            aria-describedby={describedBy(valueMessageId, valueError)}
          />
          <FieldMessage id={valueMessageId} error={valueError} />
        </div>
        <button type="button" className="button-secondary add-filter" onClick={addPending}>
          Add filter
        </button>
      </div>
      {suggesting && fieldSuggestions.length > 0 ? (
        <FieldSuggestions id={`${id}-fields`} names={fieldSuggestions} />
      ) : null}
      <FilterChips filters={filters} onRemove={(f, v) => onFiltersChange(removeFilterValue(filters, f, v))} />
      <FieldMessage id={groupMessageId} error={error} warning={groupWarning} />
    </fieldset>
  )
}
