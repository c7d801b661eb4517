import { RadioGroup } from '../query-form/RadioGroup.tsx'

export type QueryMode = 'search' | 'sql'

const MODES = [
  { value: 'search', label: 'Search' },
  { value: 'sql', label: 'SQL' },
] as const satisfies ReadonlyArray<{ value: QueryMode; label: string }>

/** The radio group `Query`: the search form, or an SQL statement (`datastore_search_sql`). */
export function QueryModeSwitch({ mode, onChange }: { mode: QueryMode; onChange: (mode: QueryMode) => void }) {
  return <RadioGroup label="Query" value={mode} options={MODES} onChange={onChange} className="query-mode" />
}
