import type { FilterClause } from '../../query/types.ts'

interface FilterChipsProps {
  filters: readonly FilterClause[]
  onRemove: (field: string, value: string) => void
}

/** The active filters grouped by field: values of one field are "any of", fields are "all of". */
export function FilterChips({ filters, onRemove }: FilterChipsProps) {
  if (filters.length === 0) return <p className="chips-empty">No filters: every record can match.</p>
  return (
    <div className="chips">
      {filters.length > 1 ? <p className="chips-rule">Records must match all of:</p> : null}
      <ul className="chip-groups" aria-label="Active filters">
        {filters.map((clause) => (
          <li key={clause.field} className="chip-group">
            <span className="chip-field">{clause.field}</span>
            <span className="chip-op">{clause.values.length > 1 ? 'is any of' : '='}</span>
            {clause.values.map((value) => (
              <span key={value} className="chip">
                <span className="chip-value">{value}</span>
                <button
                  type="button"
                  className="chip-remove"
                  aria-label={`Remove filter ${clause.field} = ${value}`}
                  title={`Remove filter ${clause.field} = ${value}`}
                  onClick={() => onRemove(clause.field, value)}
                >
                  ×
                </button>
              </span>
            ))}
          </li>
        ))}
      </ul>
    </div>
  )
}
