import { useCallback, useState } from 'react'
import type { AddFileState } from '../features/own-data/AddDataFile.tsx'
import type { ResourceChoice } from '../features/query-form/ResourceIdField.tsx'
import { rememberFileName } from '../features/own-data/file-names.ts'
import { demoSqlTransport, demoWorker } from './transports.ts'
import { formatCount } from '../query/locale-format.ts'


export function localStore(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

export interface OwnData {
  state: AddFileState
  added: ResourceChoice[]
  addFile: (file: File, onAdded: (resourceId: string) => void) => void
}

/** Files the user adds to the demo engine (kept in the worker), and the progress of the one loading. */
export function useOwnData(): OwnData {
  const [state, setState] = useState<AddFileState>({ phase: 'idle' })
  const [added, setAdded] = useState<ResourceChoice[]>([])
  // Uses only state setters: one identity for the page's life (the file field is memoised).
  const addFile = useCallback((file: File, onAdded: (resourceId: string) => void) => {
    setState({ phase: 'loading', name: file.name, done: 0, total: file.size })
    // The worker says when the part read so far can be searched: the query runs then, while reading goes on.
    let shownId: string | undefined
    const show = (resourceId: string, title: string, description: string) => {
      setAdded((list) => [...list.filter((choice) => choice.id !== resourceId), { id: resourceId, title, description }])
      if (shownId === undefined) onAdded(resourceId)
      shownId = resourceId
    }
    demoWorker()
      .addFile(file, {
        onProgress: (progress) => {
          if (progress.queryable) show(progress.resourceId, progress.title, 'added from your file (still reading)')
          else setState({ phase: 'loading', name: file.name, done: progress.done, total: progress.total })
        },
      })
      .then(
        (resource) => {
          // SQL in demo mode reads the same file, loaded into PGlite when a statement names it.
          demoSqlTransport.addFile({ resourceId: resource.id, file })
          rememberFileName(localStore(), resource.id, file.name)
          const records = resource.size === undefined ? '' : `${formatCount(resource.size)} records, `
          show(resource.id, resource.title, `${records}added from your file`)
          setState({ phase: 'added', message: `Added ${file.name} (${records}id ${resource.id}). It is queried below.` })
        },
        (error: unknown) => {
          if (shownId !== undefined) setAdded((list) => list.filter((choice) => choice.id !== shownId))
          setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) })
        },
      )
  }, [])
  return { state, added, addFile }
}
