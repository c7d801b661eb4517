import { useCallback, useMemo, useState } from 'react'
import type { CatalogTarget } from '../api/catalog-search.ts'
import { originOf, tokenTarget } from '../api/token-store.ts'
import type { BrowseTarget } from '../features/browse/BrowseDialog.tsx'
import type { BrowseRequest } from '../features/query-form/address-paste.ts'
import type { FormDraft } from '../features/query-form/draft.ts'
import { DEMO_BASE_URL } from '../query/defaults.ts'
import { tokenStore, transports } from './transports.ts'
import { useStableCallback } from './use-stable-callback.ts'

function liveTarget(baseUrl: string, request: Omit<BrowseRequest, 'baseUrl'> = {}): BrowseTarget {
  const trimmed = baseUrl.trim().replace(/\/+$/, '')
  const label = trimmed.replace(/^https?:\/\//i, '')
  if (originOf(trimmed) === undefined) {
    return { source: 'live', baseUrl: trimmed, label: label || 'no portal yet', problem: 'Enter the portal’s address (http or https) in Base URL first, or paste its root address there.' }
  }
  return { source: 'live', baseUrl: trimmed, label, ...request }
}

/**
 * The Browse datasets dialog's state: where it is open, the token it sends (the one entered for that
 * portal's origin, like every request: a pasted portal of another origin is browsed without the
 * form's token), and opening a resource, which fills Resource ID and runs.
 */
export function useBrowse(draft: FormDraft, run: (draft: FormDraft) => void) {
  const [target, setTarget] = useState<BrowseTarget | undefined>(undefined)
  const token = target === undefined ? '' : tokenStore.tokenFor(tokenTarget(target.source, target.baseUrl))
  const deps = useMemo(() => ({ transports, ...(token.trim() !== '' ? { token } : {}) }), [token])
  // Functions of a fixed identity: the form that is given them is memoised.
  const openHere = useStableCallback(() =>
    setTarget(draft.source === 'demo' ? { source: 'demo', baseUrl: DEMO_BASE_URL, label: 'the demo engine: its resources and your own files' } : liveTarget(draft.baseUrl)),
  )
  const openAddress = useCallback((request: BrowseRequest) => {
    const { baseUrl, ...rest } = request
    setTarget(liveTarget(baseUrl, rest))
  }, [])
  const openResource = useStableCallback((resourceId: string, where: CatalogTarget) => {
    setTarget(undefined)
    run({ ...draft, source: where.source, baseUrl: where.source === 'live' ? where.baseUrl : draft.baseUrl, resourceId, q: '', filters: [], sort: [], offset: 0, fields: undefined })
  })
  const close = useCallback(() => setTarget(undefined), [])
  return {
    target,
    deps,
    /** The button: the portal of the form, or the demo engine. */
    openHere,
    /** A pasted portal root or dataset page. */
    openAddress,
    openResource,
    close,
  }
}
