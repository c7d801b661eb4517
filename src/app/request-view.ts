// What the request panel shows for the form as it stands: the exact request Run query would send.
import type { ShownRequest } from '../features/request-panel/RequestPanel.tsx'
import { draftToQuery, type FormDraft } from '../features/query-form/draft.ts'
import { normalizeQuery } from '../query/normalize.ts'
import { buildRequest, redactedRequest } from '../query/request-builder.ts'
import { shareLink, snippet } from '../query/snippets.ts'
import { hasErrors, validateQuery } from '../query/validate.ts'
import type { QueryState } from '../query/types.ts'
import { requestQuery, sortPlaceForRun } from './search-plan.ts'

export interface RequestView {
  request: ShownRequest | null
  unavailable?: string
  curl: string
  link: string
}

/** `executed` decides, as Run query will, whether a grid sort is sent (see sortPlaceForRun). */
export function describeRequest(draft: FormDraft, executed: QueryState, token: string, revealToken: boolean, pageUrl: string): RequestView {
  const query = sortPlaceForRun(normalizeQuery(draftToQuery(draft)), executed)
  if (hasErrors(validateQuery(query))) {
    return { request: null, unavailable: 'Fix the marked fields to see the request.', curl: '', link: '' }
  }
  const spec = buildRequest(requestQuery(query), { token })
  const shown = revealToken ? spec : redactedRequest(spec)
  return {
    request: shown,
    curl: snippet('curl', spec, { revealToken }),
    link: shareLink(query, pageUrl),
  }
}
