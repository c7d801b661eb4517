// The SQL mode wired to the explorer: the `Query` switch (keeping the statement while the search form
// shows), whether the server offers SQL (one cheap request, live only), the current resource's fields
// for completion and examples. The statement itself is the draft's `sql`; running it is the form's.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef } from 'react'
import { useStableCallback } from './use-stable-callback.ts'
import { datastoreSearchOptions } from '../api/datastore-search.ts'
import { sqlSupportOptions } from '../api/sql-support.ts'
import type { FormDraft } from '../features/query-form/draft.ts'
import { submitQueryForm } from '../features/query-form/QueryForm.tsx'
import type { QueryMode } from '../features/sql-editor/QueryModeSwitch.tsx'
import type { SqlPanelProps } from '../features/sql-editor/SqlPanel.tsx'
import { draftToQuery } from '../features/query-form/draft.ts'
import { firstStatement } from '../query/sql-names.ts'
import { demoSqlTransport, transports } from './transports.ts'

export interface SqlMode {
  mode: QueryMode
  switchMode: (mode: QueryMode) => void
  /** The SQL mode is about to be chosen (pointed at, focused): in demo mode, PostgreSQL starts now. */
  prepare: () => void
  /** The SQL panel's props in SQL mode; undefined in search mode. */
  panel: SqlPanelProps | undefined
}

export function useSqlMode(draft: FormDraft, setDraft: (draft: FormDraft) => void, run: (draft: FormDraft) => void, token: string, error: string | undefined): SqlMode {
  const mode: QueryMode = draft.sql === undefined ? 'search' : 'sql'
  // The statement typed before switching to the search form comes back with the SQL mode.
  const kept = useRef<string | undefined>(undefined)
  const resourceId = draft.resourceId.trim()
  const live = draft.source === 'live'
  const support = useQuery({ ...sqlSupportOptions({ source: draft.source, baseUrl: draft.baseUrl }, { transport: transports.live, token }), enabled: mode === 'sql' && live })
  // The resource's fields and types: one `limit: 0` search (cached like any other).
  const fieldsQuery = { ...draftToQuery(draft), sql: undefined, limit: 0, q: '', filters: [], sort: [], sortOn: 'browser' as const, offset: 0, fields: undefined }
  const fields = useQuery({ ...datastoreSearchOptions(fieldsQuery, { transports, token }), placeholderData: undefined, enabled: mode === 'sql' && resourceId !== '', retry: false })
  const resourceFields = fields.data?.result.fields
  const resource = useMemo(() => (resourceFields ? { id: resourceId, fields: resourceFields } : undefined), [resourceFields, resourceId])

  // PostgreSQL takes a moment to start in the browser: it starts as soon as SQL is about to be chosen
  // (`prepare`) or is, with the resource shown (loaded then if it is a small demo resource).
  const demoSql = mode === 'sql' && draft.source === 'demo'
  useEffect(() => {
    if (demoSql) demoSqlTransport.warm(resourceId || undefined)
  }, [demoSql, resourceId])
  const prepare = useStableCallback(() => {
    if (draft.source === 'demo') demoSqlTransport.warm(resourceId || undefined)
  })

  const switchMode = useStableCallback((next: QueryMode) => {
    if (next === mode) return
    if (next === 'search') {
      kept.current = draft.sql
      setDraft({ ...draft, sql: undefined })
    } else setDraft({ ...draft, sql: kept.current ?? firstStatement(resourceId) })
  })

  // The panel's props keep their identity until one of them changes: a run re-renders no editor.
  const changeSql = useStableCallback((sql: string) => setDraft({ ...draft, sql }))
  const runExample = useStableCallback((sql: string) => run({ ...draft, sql }))
  const value = draft.sql
  const unavailable = live && support.data && !support.data.offered ? support.data.reason : undefined
  const checking = live && support.isFetching
  const panel: SqlPanelProps | undefined = useMemo(
    () => (value === undefined ? undefined : { value, onChange: changeSql, onRun: submitQueryForm, error, resource, unavailable, checking, onExample: runExample }),
    [value, changeSql, error, resource, unavailable, checking, runExample],
  )
  return { mode, switchMode, prepare, panel }
}
