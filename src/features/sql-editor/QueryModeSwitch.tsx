import { RadioGroup } from '../query-form/RadioGroup.tsx'

export type QueryMode = 'search' | 'sql'

const MODES = [
  { value: 'search', label: 'Search' },
  { value: 'sql', label: 'SQL' },
] as const satisfies ReadonlyArray<{ value: QueryMode; label: string }>

/**
 * The radio group `Query`: the search form, or an SQL statement (`datastore_search_sql`). `onIntent`:
 * a mode is pointed at or focused, so what it needs can start loading before it is chosen.
 */
export function QueryModeSwitch({ mode, onChange, onIntent }: { mode: QueryMode; onChange: (mode: QueryMode) => void; onIntent?: (mode: QueryMode) => void }) {
  return <RadioGroup label="Query" value={mode} options={MODES} onChange={onChange} onOptionIntent={onIntent} className="query-mode" />
}
