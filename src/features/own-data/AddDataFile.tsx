import { useId, type ChangeEvent } from 'react'
import { DropZone } from './DropZone.tsx'
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './own-data.css'

export type AddFileState =
  | { phase: 'idle' }
  | { phase: 'loading'; name: string; done: number; total: number }
  | { phase: 'added'; message: string }
  | { phase: 'failed'; message: string }

interface AddDataFileProps {
  state: AddFileState
  onFile: (file: File) => void
}

/** "Add a data file": a CSV or JSON file becomes a demo resource, read in the browser only. */
export function AddDataFile({ state, onFile }: AddDataFileProps) {
  const id = useId()
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (file) onFile(file)
  }
  return (
    <section className="panel own-data" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Your own data</h2>
      <DropZone onFile={onFile} refusal={state.phase === 'loading' ? 'A file is still being read; drop this one when it is done.' : undefined} />
      <div className="field">
        <label htmlFor={id}>Add a data file</label>
        <input
          id={id}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          onChange={handleChange}
          disabled={state.phase === 'loading'}
          aria-describedby={`${id}-message`}
        />
      </div>
      <div id={`${id}-message`} className="own-data-message" aria-live="polite">
        {state.phase === 'idle' ? <p className="field-hint">A CSV (with a header row) or a JSON array of objects; pick it here or drop it anywhere on the page. It stays in this browser.</p> : null}
        {state.phase === 'loading' ? (
          <>
            <p className="field-hint">Reading {state.name}…</p>
            <progress max={state.total || 1} value={state.done} aria-label={`Reading ${state.name}`} />
          </>
        ) : null}
        {state.phase === 'added' ? <p className="field-hint">{state.message}</p> : null}
        {state.phase === 'failed' ? <p className="field-error">{state.message}</p> : null}
      </div>
    </section>
  )
}
