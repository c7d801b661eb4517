import { useMemo, useState } from 'react'
import type { CatalogTarget } from '../api/catalog-search.ts'
import type { BrowseTarget } from '../features/browse/BrowseDialog.tsx'
import type { BrowseRequest } from '../features/query-form/address-paste.ts'
import type { FormDraft } from '../features/query-form/draft.ts'
import { DEMO_BASE_URL } from '../query/defaults.ts'
import { transports } from './transports.ts'

type OpenTarget = BrowseTarget & { sendToken: boolean }

function originOf(address: string): string | undefined {
  try {
    const url = new URL(address.trim())
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined
  } catch {
    return undefined
  }
}

function liveTarget(baseUrl: string, sendToken: boolean, request: Omit<BrowseRequest, 'baseUrl'> = {}): OpenTarget {
  const trimmed = baseUrl.trim().replace(/\/+$/, '')
  const label = trimmed.replace(/^https?:\/\//i, '')
  if (originOf(trimmed) === undefined) {
    return { source: 'live', baseUrl: trimmed, label: label || 'no portal yet', sendToken: false, problem: 'Enter the portal’s address (http or https) in Base URL first, or paste its root address there.' }
  }
  return { source: 'live', baseUrl: trimmed, label, sendToken, ...request }
}

/**
 * The Browse datasets dialog's state: where it is open, the token it may send (the form's, and only
 * to the portal the form already talks to: a pasted address of another origin is browsed without it),
 * and opening a resource, which fills Resource ID and runs.
 */
export function useBrowse(draft: FormDraft, token: string, run: (draft: FormDraft) => void) {
  const [target, setTarget] = useState<OpenTarget | undefined>(undefined)
  const sendToken = target?.sendToken === true
  const deps = useMemo(() => ({ transports, ...(sendToken && token.trim() !== '' ? { token } : {}) }), [sendToken, token])
  return {
    target,
    deps,
    /** The button: the portal of the form, or the demo engine. */
    openHere: () => setTarget(draft.source === 'demo' ? { source: 'demo', baseUrl: DEMO_BASE_URL, label: 'the demo engine: its resources and your own files', sendToken: false } : liveTarget(draft.baseUrl, true)),
    /** A pasted portal root or dataset page; `before` is the draft it replaced. */
    openAddress: (request: BrowseRequest, before: FormDraft) => {
      const sameOrigin = before.source === 'live' && originOf(before.baseUrl) !== undefined && originOf(before.baseUrl) === originOf(request.baseUrl)
      const { baseUrl, ...rest } = request
      setTarget(liveTarget(baseUrl, sameOrigin, rest))
    },
    openResource: (resourceId: string, where: CatalogTarget) => {
      setTarget(undefined)
      run({ ...draft, source: where.source, baseUrl: where.source === 'live' ? where.baseUrl : draft.baseUrl, resourceId, q: '', filters: [], sort: [], offset: 0, fields: undefined })
    },
    close: () => setTarget(undefined),
  }
}
