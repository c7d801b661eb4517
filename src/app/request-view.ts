// What the request panel shows for the form as it stands: the exact request Run query would send.
import type { ShownRequest } from '../features/request-panel/RequestPanel.tsx'
import { draftToQuery, type FormDraft } from '../features/query-form/draft.ts'
import { normalizeQuery } from '../query/normalize.ts'
import { buildRequest, redactedRequest } from '../query/request-builder.ts'
import { shareLink, snippet } from '../query/snippets.ts'
import { hasErrors, validateQuery } from '../query/validate.ts'
import { requestQuery } from './search-plan.ts'

export interface RequestView {
  request: ShownRequest | null
  unavailable?: string
  curl: string
  link: string
}

export function describeRequest(draft: FormDraft, token: string, revealToken: boolean, pageUrl: string): RequestView {
  const query = normalizeQuery(draftToQuery(draft))
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
