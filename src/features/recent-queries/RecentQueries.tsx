import { Fragment, useId, useMemo, type MouseEvent, type ReactNode } from 'react'
import type { QueryState } from '../../query/types.ts'
import { decodeQuery, encodeQuery } from '../../query/url-codec.ts'
import { Isolated } from '../safe-text/Isolated.tsx'
import { describeQueryParts, type QueryDescription } from './describe-query.ts'
import { exampleQueries } from './examples.ts'
import { useRecentQueries } from './use-recent-queries.ts'
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './recent-queries.css'

const EXAMPLES = exampleQueries().map((example) => ({ ...example, link: encodeQuery(example.query) }))

/**
 * Each entry is the query's own link (it can be opened in a new tab or copied); a plain click runs it
 * here at once. Links, not buttons, also keep entry texts out of the page's button names.
 */
function QueryLink({ link, query, onRun, children }: { link: string; query: QueryState; onRun: (query: QueryState) => void; children: ReactNode }) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    onRun(query)
  }
  return (
    <a className="recent-entry" href={`?${link}`} onClick={handleClick}>
      {children}
    </a>
  )
}

/** Each piece that came from a link or a server is isolated: a right-to-left override in one cannot reorder the host. */
function Description({ resource, host, details }: QueryDescription) {
  return (
    <>
      <Isolated text={resource} />
      {host === undefined ? null : (
        <>
          {' at '}
          <Isolated text={host} />
        </>
      )}
      {details.map((detail, index) => (
        <Fragment key={index}>
          {' · '}
          <Isolated text={detail} />
        </Fragment>
      ))}
    </>
  )
}

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
        <button type="button" className="button-secondary button-small" aria-label="Clear recent queries" onClick={clear} disabled={recent.length === 0}>
          Clear
        </button>
      </div>
      {entries.length === 0 ? <p className="field-hint">Queries you run appear here (kept in this browser, without tokens).</p> : null}
      <ul aria-label="Recent queries" className="recent-list">
        {entries.map(({ link, query }) => (
          <li key={link}>
            <QueryLink link={link} query={query} onRun={onRun}>
              <Description {...describeQueryParts(query, resourceTitle)} />
            </QueryLink>
          </li>
        ))}
      </ul>
      <h3 id={`${id}-examples`}>Examples</h3>
      <ul aria-labelledby={`${id}-examples`} className="recent-list">
        {EXAMPLES.map((example) => (
          <li key={example.label}>
            <QueryLink link={example.link} query={example.query} onRun={onRun}>
              {example.label}
            </QueryLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
