import { useState } from 'react'
import type { AddFileState } from '../features/own-data/AddDataFile.tsx'
import type { ResourceChoice } from '../features/query-form/ResourceIdField.tsx'
import { demoWorker } from './transports.ts'

const count = new Intl.NumberFormat('en-US')

export interface OwnData {
  state: AddFileState
  added: ResourceChoice[]
  addFile: (file: File, onAdded: (resourceId: string) => void) => void
}

/** Files the user adds to the demo engine (kept in the worker), and the progress of the one loading. */
export function useOwnData(): OwnData {
  const [state, setState] = useState<AddFileState>({ phase: 'idle' })
  const [added, setAdded] = useState<ResourceChoice[]>([])
  const addFile = (file: File, onAdded: (resourceId: string) => void) => {
    setState({ phase: 'loading', name: file.name, done: 0, total: file.size })
    demoWorker()
      .addFile(file, { onProgress: (progress) => setState({ phase: 'loading', name: file.name, done: progress.done, total: progress.total }) })
      .then(
        (resource) => {
          const records = resource.size === undefined ? '' : `${count.format(resource.size)} records, `
          const description = `${records}added from your file`
          setAdded((list) => [...list, { id: resource.id, title: resource.title, description }])
          setState({ phase: 'added', message: `Added ${file.name} (${records}id ${resource.id}). It is queried below.` })
          onAdded(resource.id)
        },
        (error: unknown) => setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) }),
      )
  }
  return { state, added, addFile }
}
