import { useId, useMemo } from 'react'
import type { QueryState } from '../../query/types.ts'
import { decodeQuery } from '../../query/url-codec.ts'
import { describeQuery } from './describe-query.ts'
import { exampleQueries } from './examples.ts'
import { useRecentQueries } from './use-recent-queries.ts'
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './recent-queries.css'

const EXAMPLES = exampleQueries()

interface RecentQueriesProps {
  executed: QueryState
  /** Restores the query in the form and runs it. */
  onRun: (query: QueryState) => void
  resourceTitle: (id: string) => string | undefined
}

/** "Recent queries" (the last 20 run here, never their tokens) and example queries, one click each. */
export function RecentQueries({ executed, onRun, resourceTitle }: RecentQueriesProps) {
  const id = useId()
  const { recent, clear } = useRecentQueries(executed)
  const entries = useMemo(() => recent.map((link) => ({ link, query: decodeQuery(link).query })), [recent])
  return (
    <section className="panel recent-queries" aria-labelledby={`${id}-heading`}>
      <div className="recent-heading">
        <h2 id={`${id}-heading`}>Recent queries</h2>
        <button type="button" className="button-secondary button-small" onClick={clear} disabled={recent.length === 0}>
          Clear
        </button>
      </div>
      {entries.length === 0 ? <p className="field-hint">Queries you run appear here (kept in this browser, without tokens).</p> : null}
      <ul aria-label="Recent queries" className="recent-list">
        {entries.map(({ link, query }) => (
          <li key={link}>
            <button type="button" className="recent-entry" onClick={() => onRun(query)}>
              {describeQuery(query, resourceTitle)}
            </button>
          </li>
        ))}
      </ul>
      <h3 id={`${id}-examples`}>Examples</h3>
      <ul aria-labelledby={`${id}-examples`} className="recent-list">
        {EXAMPLES.map((example) => (
          <li key={example.label}>
            <button type="button" className="recent-entry" onClick={() => onRun(example.query)}>
              {example.label}
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
