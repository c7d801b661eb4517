import { useCallback, useEffect, useRef, useState } from 'react'
import { CatalogFailure, searchDatasets, showDataset, type CatalogDataset, type CatalogDeps, type CatalogTarget } from '../../api/catalog-search.ts'

/** Typing waits this long before asking the portal: one request per pause, not per key. */
export const SEARCH_DEBOUNCE_MS = 300

export interface DatasetSearchState {
  phase: 'idle' | 'searching' | 'done' | 'failed'
  /** The search the answer is for. */
  key?: string
  datasets: CatalogDataset[]
  /** Datasets matching in all. */
  count: number
  failure?: string
  loadingMore: boolean
}

const INITIAL: DatasetSearchState = { phase: 'idle', datasets: [], count: 0, loadingMore: false }

function lineOf(error: unknown): string {
  return error instanceof CatalogFailure ? error.message : `The catalog could not be read: ${error instanceof Error ? error.message : String(error)}`
}

/**
 * The datasets of a portal matching `q` (or, with no words and a `dataset`, that one dataset), asked
 * after a pause in typing; a newer search cancels the one under way. `more` appends the next page.
 */
export function useDatasetSearch(target: CatalogTarget | undefined, q: string, dataset: string | undefined, deps: CatalogDeps): { state: DatasetSearchState; more: () => void; searchNow: () => void } {
  const [state, setState] = useState<DatasetSearchState>(INITIAL)
  const [now, setNow] = useState(0)
  const moreController = useRef<AbortController | undefined>(undefined)
  const searchedNow = useRef(0)
  const source = target?.source
  const baseUrl = target?.baseUrl
  const { transports, token } = deps
  const key = JSON.stringify([source, baseUrl, q, dataset, token, now])

  useEffect(() => {
    if (source === undefined || baseUrl === undefined) return undefined
    const controller = new AbortController()
    moreController.current?.abort()
    const one = dataset !== undefined && q.trim() === ''
    const run = async () => {
      try {
        const here = { source, baseUrl }
        const found = one ? { count: 1, datasets: [await showDataset(here, dataset, { transports, token }, controller.signal)] } : await searchDatasets(here, q, 0, { transports, token }, controller.signal)
        if (!controller.signal.aborted) setState({ phase: 'done', key, datasets: found.datasets, count: found.count, loadingMore: false })
      } catch (error) {
        if (!controller.signal.aborted) setState({ phase: 'failed', key, datasets: [], count: 0, failure: lineOf(error), loadingMore: false })
      }
    }
    // the first search of an opened dialog, and Enter, go at once; typing waits for a pause
    const immediate = now !== searchedNow.current || q === ''
    searchedNow.current = now
    const timer = setTimeout(() => void run(), immediate ? 0 : SEARCH_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [source, baseUrl, q, dataset, transports, token, now, key])

  const more = useCallback(() => {
    if (source === undefined || baseUrl === undefined) return
    moreController.current?.abort()
    const controller = new AbortController()
    moreController.current = controller
    const start = state.datasets.length
    setState((previous) => ({ ...previous, loadingMore: true }))
    searchDatasets({ source, baseUrl }, q, start, { transports, token }, controller.signal).then(
      (page) => {
        if (!controller.signal.aborted) setState((previous) => ({ ...previous, datasets: [...previous.datasets, ...page.datasets], count: page.count, loadingMore: false }))
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((previous) => ({ ...previous, loadingMore: false, failure: lineOf(error) }))
      },
    )
  }, [source, baseUrl, q, transports, token, state.datasets.length])

  useEffect(() => () => moreController.current?.abort(), [])

  // until the answer for what is asked now arrives, the last one stays on screen, marked as searching
  const shown = source === undefined ? INITIAL : state.key === key ? state : { ...state, phase: 'searching' as const, failure: undefined }
  return { state: shown, more, searchNow: () => setNow((count) => count + 1) }
}
