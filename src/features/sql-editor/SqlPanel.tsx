// The SQL mode's part of the form: the editor (its code loads on first use; a plain text area stands in
// meanwhile), the error beside it with its line and column, why SQL is unavailable on this server, and
// examples for the current resource. It only edits the statement; running is the form's.
import { lazy, Suspense, useId, useMemo } from 'react'
import { COURSES_RESOURCE_ID, LARGE_RESOURCE_ID } from '../../demo/metadata.ts'
import { describeSqlPosition, sqlErrorPosition, withoutCharacterPosition } from '../../query/sql-error-position.ts'
import { sqlExamples, type SqlFieldInfo } from '../../query/sql-text.ts'
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './sql-editor.css'

const SqlEditor = lazy(() => import('./SqlEditor.tsx').then((module) => ({ default: module.SqlEditor })))

/** The fields the demo examples count and average first (courses: subject; service requests: category). */
const PREFERRED: Record<string, readonly string[]> = {
  [COURSES_RESOURCE_ID]: ['subject', 'start_date', 'fee'],
  [LARGE_RESOURCE_ID]: ['category', 'opened', 'cost'],
}

export interface SqlPanelProps {
  value: string
  onChange: (value: string) => void
  onRun: () => void
  /** The server's (or the form's) message about the statement. */
  error?: string
  /** The resource the statement is written about (its id is its table's name) and its fields. */
  resource?: { id: string; fields: readonly SqlFieldInfo[] }
  /** Why this server cannot answer SQL (undefined: it can, or it is not known yet). */
  unavailable?: string
  /** `checking`: the one request that asks the server is under way. */
  checking?: boolean
  onExample: (sql: string) => void
}

export function SqlPanel(props: SqlPanelProps) {
  const { value, onChange, onRun, error, resource, unavailable, checking, onExample } = props
  const schema = useMemo(() => (resource ? { table: resource.id, fields: resource.fields.map((field) => field.id) } : undefined), [resource])
  const examples = useMemo(() => (resource ? sqlExamples(resource.id, resource.fields, PREFERRED[resource.id] ?? []) : []), [resource])
  const id = useId()
  const messageId = `${id}-message`
  const position = error ? sqlErrorPosition(error, value) : undefined
  const headline = error === undefined ? undefined : withoutCharacterPosition(error.split('\n')[0])
  const describedBy = error || unavailable ? messageId : `${id}-hint`
  return (
    <div className="sql-panel">
      <div className="field sql-field">
        <span className="sql-label" id={`${id}-label`}>
          SQL
        </span>
        <Suspense
          fallback={
            <textarea
              className="sql-fallback"
              aria-label="SQL"
              value={value}
              spellCheck={false}
              onChange={(event) => onChange(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                  event.preventDefault()
                  onRun()
                }
              }}
            />
          }
        >
          <SqlEditor value={value} onChange={onChange} onRun={onRun} schema={schema} describedBy={describedBy} invalid={Boolean(error)} errorOffset={position?.offset} />
        </Suspense>
        {error ? (
          <p id={messageId} className="field-error sql-error">
            {headline}
            {position ? <span className="sql-error-position"> (at {describeSqlPosition(position)})</span> : null}
          </p>
        ) : unavailable ? (
          <output id={messageId} className="field-warning sql-unavailable">
            SQL is unavailable here. {unavailable}
          </output>
        ) : (
          <p id={`${id}-hint`} className="field-hint">
            {checking ? 'Asking the server whether it offers SQL… ' : ''}One PostgreSQL statement (SELECT, WITH, VALUES); a table is named by its resource id in double quotes. Ctrl+Enter (⌘ Enter) runs it.
          </p>
        )}
      </div>
      {examples.length > 0 ? (
        <fieldset className="sql-examples">
          <legend className="visually-hidden">SQL examples</legend>
          {examples.map((example) => (
            <button key={example.label} type="button" className="button-small" onClick={() => onExample(example.sql)}>
              {example.label}
            </button>
          ))}
        </fieldset>
      ) : null}
    </div>
  )
}
